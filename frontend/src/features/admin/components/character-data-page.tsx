import DownloadIcon from '@mui/icons-material/Download';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { PageHeader } from '@/components/ui/page-header';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/page-states';
import { formatSize, formatUtc, saveBlob } from '../admin-format';
import type { CharacterFile, CharacterSummary, KilledByRow } from '../api/admin-types';
import { getCharacterFileBlob, getCharacterFolderBlob } from '../api/get-character-blob';
import { getCharacterData } from '../api/get-character-data';
import { getCharacterFiles } from '../api/get-character-files';
import { useLoad } from '../use-load';
import { AdminGrid } from './admin-grid';

export const NO_CHARACTER_DATA_TEXT = 'No character data has been uploaded for this participant yet.';
export const NO_CHARACTER_FILES_TEXT = 'No character files are stored for this participant.';

/** '(Dead)' after a hardcore character that has died (spec §2). */
export function characterLabel(c: CharacterSummary): string {
  return c.hardcore && c.deathCount > 0 ? `${c.name} (Dead)` : c.name;
}

/** admin/participant/{participantId}/characterdata?username: characters, raw files and folder downloads, killed-by. */
export function CharacterDataPage() {
  const participantId = useParams().participantId ?? '';
  const [params] = useSearchParams();
  const username = params.get('username') ?? '';
  const navigate = useNavigate();
  const { status, data, error } = useLoad(async () => {
    const [characterData, files] = await Promise.all([
      getCharacterData(participantId),
      getCharacterFiles(participantId),
    ]);
    return { ...characterData, files };
  }, [participantId]);

  const downloadFile = async (file: CharacterFile) => {
    try {
      saveBlob(await getCharacterFileBlob(participantId, file), file.file);
    } catch {
      // the Error modal has told the admin
    }
  };
  const downloadFolder = async (character: string) => {
    try {
      saveBlob(await getCharacterFolderBlob(participantId, character), `${character}.zip`);
    } catch {
      // the Error modal has told the admin
    }
  };

  const characterColumns: GridColDef<CharacterSummary>[] = [
    { field: 'name', headerName: 'Name', flex: 2, valueGetter: (_v: unknown, row) => characterLabel(row) },
    { field: 'className', headerName: 'Class', flex: 1 },
    { field: 'level', headerName: 'Level', width: 90, type: 'number' },
    {
      field: 'folder',
      headerName: 'Folder',
      sortable: false,
      width: 170,
      renderCell: ({ row }) => (
        <Button size="small" startIcon={<DownloadIcon />} onClick={() => void downloadFolder(row.name)}>
          Download
        </Button>
      ),
    },
  ];
  const fileColumns: GridColDef<CharacterFile & { id: string }>[] = [
    {
      field: 'character',
      headerName: 'Character',
      flex: 1,
      valueFormatter: (v: string | null) => v ?? '(participant)',
    },
    { field: 'file', headerName: 'File', flex: 1 },
    { field: 'difficulty', headerName: 'Difficulty', width: 110, valueFormatter: (v: string | null) => v ?? '' },
    { field: 'size', headerName: 'Size', width: 100, valueFormatter: (v: number) => formatSize(v) },
    { field: 'updatedAt', headerName: 'Updated (UTC)', width: 160, valueFormatter: (v: string) => formatUtc(v) },
    {
      field: 'download',
      headerName: '',
      sortable: false,
      width: 70,
      renderCell: ({ row }) => (
        <IconButton
          aria-label={row.character ? `Download ${row.character} ${row.file}` : `Download ${row.file}`}
          onClick={() => void downloadFile(row)}
        >
          <DownloadIcon />
        </IconButton>
      ),
    },
  ];
  const killedColumns: GridColDef<KilledByRow>[] = [
    { field: 'killedBy', headerName: 'Killed By', flex: 2 },
    { field: 'killedCount', headerName: 'Killed Count', flex: 1, type: 'number' },
  ];

  const folderCharacters = [...new Set((data?.files ?? []).map((f) => f.character).filter((c): c is string => !!c))];

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 6 } }}>
      <PageHeader title={username ? `${username} Character Files` : 'Character Files'}>
        <Button variant="outlined" onClick={() => navigate(-1)}>
          Back
        </Button>
      </PageHeader>
      {status === 'loading' && <LoadingState label="Loading character files" />}
      {status === 'failed' && <ErrorState text={error ?? 'The character files could not be loaded.'} />}
      {status === 'loaded' && data && (
        <Stack spacing={4}>
          <Box>
            <Typography variant="h5" component="h2" gutterBottom>
              Characters
            </Typography>
            {data.characters.length === 0 ? (
              <EmptyState text={NO_CHARACTER_DATA_TEXT} />
            ) : (
              <AdminGrid<CharacterSummary>
                label="Characters"
                rows={data.characters}
                columns={characterColumns}
                getRowId={(row) => row.name}
              />
            )}
          </Box>
          <Box>
            <Typography variant="h5" component="h2" gutterBottom>
              Raw Files
            </Typography>
            {data.files.length === 0 ? (
              <EmptyState text={NO_CHARACTER_FILES_TEXT} />
            ) : (
              <Stack spacing={2}>
                <AdminGrid<CharacterFile & { id: string }>
                  label="Raw Files"
                  rows={data.files.map((f) => ({ ...f, id: `${f.character ?? ''}/${f.file}/${f.difficulty ?? ''}` }))}
                  columns={fileColumns}
                />
                {data.characters.length === 0 && (
                  <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
                    {folderCharacters.map((c) => (
                      <Button
                        key={c}
                        variant="outlined"
                        startIcon={<DownloadIcon />}
                        onClick={() => void downloadFolder(c)}
                      >
                        {`${c} folder`}
                      </Button>
                    ))}
                  </Stack>
                )}
              </Stack>
            )}
          </Box>
          {data.killedBy.length > 0 && (
            <Box>
              <Typography variant="h5" component="h2" gutterBottom>
                Killed By
              </Typography>
              <AdminGrid<KilledByRow>
                label="Killed By"
                rows={data.killedBy}
                columns={killedColumns}
                getRowId={(row) => row.killedBy}
                initialState={{ sorting: { sortModel: [{ field: 'killedCount', sort: 'desc' }] } }}
              />
            </Box>
          )}
        </Stack>
      )}
    </Container>
  );
}
