import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import DownloadIcon from '@mui/icons-material/Download';
import type { ModFile, Region } from '@league/contracts';
import { useState } from 'react';
import { getFileDownload, getLauncherDownload } from '../api/get-download';

const visuallyHidden = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: '1px',
  margin: '-1px',
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
  width: '1px',
} as const;

/** 1536 → '1.5 KB'. */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(1)} ${units[unit]}`;
}

function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleDateString(undefined, { dateStyle: 'medium' });
}

/**
 * Asks the API for a fresh download URL and opens it in a new tab. A failure is shown by the API
 * client's Error modal, so there is nothing more to do here.
 */
function useDownload(fetchUrl: () => Promise<{ downloadUrl: string }>) {
  const [busy, setBusy] = useState(false);
  const start = async () => {
    setBusy(true);
    try {
      const { downloadUrl } = await fetchUrl();
      window.open(downloadUrl, '_blank', 'noopener');
    } catch {
      // Shown in the Error modal.
    } finally {
      setBusy(false);
    }
  };
  return { busy, start };
}

export function LauncherDownloadButton({ region }: { region: Region }) {
  const { busy, start } = useDownload(() => getLauncherDownload(region));
  return (
    <Button variant="contained" startIcon={<DownloadIcon />} onClick={() => void start()} disabled={busy}>
      Download Launcher
    </Button>
  );
}

function FileDownloadButton({ fileName, region }: { fileName: string; region: Region }) {
  const { busy, start } = useDownload(() => getFileDownload(fileName, region));
  return (
    <Button
      size="small"
      startIcon={<DownloadIcon />}
      onClick={() => void start()}
      disabled={busy}
      aria-label={`Download ${fileName}`}
    >
      Download
    </Button>
  );
}

export function ModFilesTable({ files, region, label }: { files: ModFile[]; region: Region; label: string }) {
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            <TableCell>File</TableCell>
            <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>Mod</TableCell>
            <TableCell align="right">Size</TableCell>
            <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>Updated</TableCell>
            <TableCell align="right">
              <Box component="span" sx={visuallyHidden}>
                Download
              </Box>
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {files.map((file) => (
            <TableRow key={file.fileName}>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>{file.fileName}</TableCell>
              <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{file.modName}</TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {formatSize(file.size)}
              </TableCell>
              <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{formatDate(file.modifiedOn)}</TableCell>
              <TableCell align="right">
                <FileDownloadButton fileName={file.fileName} region={region} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
