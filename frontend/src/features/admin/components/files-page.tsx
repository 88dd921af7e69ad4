import CloudDownloadIcon from '@mui/icons-material/CloudDownload';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { useState, type ChangeEvent } from 'react';
import { useParams } from 'react-router-dom';
import { PageHeader } from '@/components/ui/page-header';
import { ErrorState, LoadingState } from '@/components/ui/page-states';
import { NotFoundPage } from '@/app/shell/not-found-page';
import { ApiError } from '@/lib/api-client';
import { formatSize, formatUtc } from '../admin-format';
import type { Branch, FileRecord, LauncherFile, ModFile } from '../api/admin-types';
import { getAdminFileDownload } from '../api/get-admin-file-download';
import { getAdminFiles } from '../api/get-admin-files';
import { getUpload } from '../api/get-upload';
import { postFileUpload } from '../api/post-file-upload';
import { addChosenFiles, UPLOAD_ACCEPT } from '../upload-rules';
import { useLoad } from '../use-load';
import { AdminGrid } from './admin-grid';
import { FinalizeBeta } from './finalize-beta';
import { GameDataPanel } from './game-data-panel';

export const DEFAULT_MOD_NAME = 'GrimLeagueS07';
/** How often a still-processing upload is asked about. */
export const UPLOAD_POLL_MS = 2000;

/** admin/files/{branch}: the branch's mod files and launcher, uploads, and (beta) Finalize Beta. */
export function FilesPage() {
  const branch = useParams().branch;
  if (branch !== 'prod' && branch !== 'beta') return <NotFoundPage />;
  return <BranchFiles key={branch} branch={branch} />;
}

function BranchFiles({ branch }: { branch: Branch }) {
  const { status, data, error, refresh } = useLoad(() => getAdminFiles(branch), [branch]);
  // The mod uploads that finished last: the game-data panel waits for the extraction that reads them.
  const [uploadedMods, setUploadedMods] = useState<FileRecord[]>([]);

  const download = async (fileName: string) => {
    try {
      const { downloadUrl } = await getAdminFileDownload(fileName, branch);
      window.open(downloadUrl, '_blank', 'noopener');
    } catch {
      // the Error modal has told the admin
    }
  };

  const downloadColumn = {
    field: 'download',
    headerName: 'File',
    sortable: false,
    width: 90,
    renderCell: ({ row }: { row: { fileName: string } }) => (
      <IconButton aria-label={`Download ${row.fileName}`} onClick={() => void download(row.fileName)}>
        <CloudDownloadIcon />
      </IconButton>
    ),
  } satisfies GridColDef<{ fileName: string }>;

  const modColumns: GridColDef<ModFile>[] = [
    { field: 'fileName', headerName: 'File Name', flex: 2, minWidth: 180 },
    downloadColumn as unknown as GridColDef<ModFile>,
    { field: 'size', headerName: 'File Size', width: 110, valueFormatter: (value: number) => formatSize(value) },
    {
      field: 'modifiedOn',
      headerName: 'Last Modified (UTC)',
      width: 170,
      valueFormatter: (value: string) => formatUtc(value),
    },
    { field: 'modName', headerName: 'ModName', flex: 1, minWidth: 140 },
  ];
  const launcherColumns: GridColDef<LauncherFile>[] = [
    { field: 'fileName', headerName: 'File Name', flex: 2, minWidth: 180 },
    downloadColumn as unknown as GridColDef<LauncherFile>,
    { field: 'size', headerName: 'File Size', width: 110, valueFormatter: (value: number) => formatSize(value) },
    {
      field: 'modifiedOn',
      headerName: 'Last Modified (UTC)',
      width: 170,
      valueFormatter: (value: string) => formatUtc(value),
    },
    { field: 'version', headerName: 'Version', flex: 1, minWidth: 120 },
  ];

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 6 } }}>
      <PageHeader title={`League Mod Files - ${branch}`}>{branch === 'beta' && <FinalizeBeta />}</PageHeader>
      {status === 'loading' && <LoadingState label="Loading files" />}
      {status === 'failed' && <ErrorState text={error ?? 'The files could not be loaded.'} />}
      {status === 'loaded' && data && (
        <Stack spacing={4}>
          <Box>
            <Typography variant="h5" component="h2" gutterBottom>
              Mod Files
            </Typography>
            <AdminGrid<ModFile>
              label="Mod Files"
              rows={data.modFiles}
              columns={modColumns}
              getRowId={(row) => row.fileName}
              initialState={{ sorting: { sortModel: [{ field: 'fileName', sort: 'asc' }] } }}
            />
            <UploadPanel
              branch={branch}
              kind="mod"
              multiple
              labelName="Mod Name"
              defaultLabel={(name) => data.modFiles.find((f) => f.fileName === name)?.modName ?? DEFAULT_MOD_NAME}
              onUploaded={(uploads) => {
                void refresh();
                setUploadedMods(uploads);
              }}
            />
          </Box>
          <GameDataPanel branch={branch} uploaded={uploadedMods} />
          <Box>
            <Typography variant="h5" component="h2" gutterBottom>
              Launcher File
            </Typography>
            <AdminGrid<LauncherFile>
              label="Launcher File"
              rows={data.launcherFile ? [data.launcherFile] : []}
              columns={launcherColumns}
              getRowId={(row) => row.fileName}
              hideFooter
            />
            <UploadPanel
              branch={branch}
              kind="launcher"
              multiple={false}
              labelName="Version"
              defaultLabel={() => data.launcherFile?.version ?? ''}
              onUploaded={() => void refresh()}
            />
          </Box>
        </Stack>
      )}
    </Container>
  );
}

interface Pending {
  file: File;
  label: string;
  /** null before the upload starts. */
  progress: number | null;
  state: 'chosen' | 'uploading' | 'processing' | 'ready' | 'failed';
  message: string | null;
}

interface UploadPanelProps {
  branch: Branch;
  kind: 'mod' | 'launcher';
  multiple: boolean;
  labelName: string;
  defaultLabel: (fileName: string) => string;
  /** Called once a Save has finished, with the uploads that were processed successfully. */
  onUploaded: (uploads: FileRecord[]) => void;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits while the files service checks an upload; answers its final record. */
async function settled(record: FileRecord): Promise<FileRecord> {
  let current = record;
  while (current.status === 'processing') {
    await sleep(UPLOAD_POLL_MS);
    current = await getUpload(current.id);
  }
  return current;
}

/** The file chooser, the chosen files with their mod name (or version) and progress, and Save. */
function UploadPanel({ branch, kind, multiple, labelName, defaultLabel, onUploaded }: UploadPanelProps) {
  const [pending, setPending] = useState<Pending[]>([]);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const title = kind === 'mod' ? 'Upload mod files' : 'Upload launcher';
  const inputId = `upload-${kind}`;

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = Array.from(event.target.files ?? []);
    event.target.value = '';
    setFailure(null);
    setPending((list) => {
      // Finished uploads make way for the next choice.
      const base = multiple ? list.filter((p) => p.state === 'chosen') : [];
      const wrap = (file: File): Pending => ({
        file,
        label: defaultLabel(file.name),
        progress: null,
        state: 'chosen',
        message: null,
      });
      return addChosenFiles(base, multiple ? chosen : chosen.slice(0, 1), wrap);
    });
  };

  const patch = (name: string, next: Partial<Pending>) =>
    setPending((list) => list.map((p) => (p.file.name === name ? { ...p, ...next } : p)));

  const save = async () => {
    setSaving(true);
    setFailure(null);
    let anyDone = false;
    const processed: FileRecord[] = [];
    for (const entry of pending.filter((p) => p.state === 'chosen')) {
      const name = entry.file.name;
      patch(name, { state: 'uploading', progress: 0 });
      try {
        const record = await postFileUpload({
          file: entry.file,
          branch,
          kind,
          label: entry.label.trim(),
          onProgress: (progress) => patch(name, { progress }),
        });
        patch(name, { state: 'processing', progress: 100 });
        const final = await settled(record);
        anyDone = true;
        if (final.status === 'failed' || final.errorMessage) {
          patch(name, { state: 'failed', message: final.errorMessage });
          if (final.errorMessage) window.alert(final.errorMessage);
        } else {
          patch(name, { state: 'ready' });
          processed.push(final);
        }
      } catch (error) {
        // An HTTP failure resets the form (spec §8); its message stays beside it.
        setPending([]);
        setFailure(error instanceof ApiError ? error.message : 'The upload failed.');
        break;
      }
    }
    setSaving(false);
    if (anyDone) onUploaded(processed);
  };

  const waiting = pending.some((p) => p.state === 'chosen');

  return (
    <Paper variant="outlined" component="section" aria-label={title} sx={{ mt: 2, p: 2 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <Button component="label" htmlFor={inputId} variant="outlined" disabled={saving}>
          {multiple ? 'Choose Files' : 'Choose File'}
          <input
            id={inputId}
            type="file"
            hidden
            accept={UPLOAD_ACCEPT}
            multiple={multiple}
            aria-label={kind === 'mod' ? 'Choose mod files' : 'Choose launcher file'}
            onChange={choose}
          />
        </Button>
        <Typography color="text.secondary" variant="body2">
          .arc, .arz or .zip
        </Typography>
        <Box sx={{ flexGrow: 1 }} />
        <Button variant="contained" onClick={() => void save()} disabled={saving || !waiting}>
          Save
        </Button>
      </Stack>
      {failure && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {failure}
        </Alert>
      )}
      {pending.length > 0 && (
        <Stack component="ul" aria-label={`${title}: chosen`} spacing={2} sx={{ listStyle: 'none', p: 0, mt: 2 }}>
          {pending.map((p) => (
            <Stack component="li" key={p.file.name} aria-label={p.file.name} spacing={1}>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
                <Typography sx={{ flex: 2, overflowWrap: 'anywhere' }}>{p.file.name}</Typography>
                <Typography sx={{ flex: 1 }} color="text.secondary">
                  {formatSize(p.file.size)}
                </Typography>
                <TextField
                  size="small"
                  label={labelName}
                  value={p.label}
                  disabled={p.state !== 'chosen'}
                  onChange={(e) => patch(p.file.name, { label: e.target.value })}
                  sx={{ flex: 2 }}
                />
                <Button
                  size="small"
                  disabled={p.state !== 'chosen' || saving}
                  onClick={() => setPending((list) => list.filter((x) => x.file.name !== p.file.name))}
                >
                  Remove
                </Button>
              </Stack>
              {p.progress !== null && (
                <LinearProgress variant="determinate" value={p.progress} aria-label={`Upload of ${p.file.name}`} />
              )}
              {p.state === 'processing' && <Typography variant="body2">Processing…</Typography>}
              {p.state === 'ready' && (
                <Typography variant="body2" color="success.main">
                  Processed
                </Typography>
              )}
              {p.state === 'failed' && p.message && <Alert severity="error">{p.message}</Alert>}
            </Stack>
          ))}
        </Stack>
      )}
    </Paper>
  );
}
