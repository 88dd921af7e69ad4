import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { useState } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { PageHeader } from '@/components/ui/page-header';
import { ErrorState, LoadingState } from '@/components/ui/page-states';
import { formatChatTime, formatDuration } from '../admin-format';
import type { BanHistoryEntry, ChatLogEntry } from '../api/admin-types';
import { getBanHistoryPage } from '../api/get-ban-history';
import { getChatLogPage } from '../api/get-chat-log';
import { getUserRoles } from '../api/get-user-roles';
import { postAddSupporter } from '../api/post-add-supporter';
import { postBan } from '../api/post-ban';
import { postRevokeSupporter } from '../api/post-revoke-supporter';
import { postUnban } from '../api/post-unban';
import { useLoad } from '../use-load';
import { AdminGrid, useServerGrid } from './admin-grid';
import { PlainLinkButton } from './admin-ui';

export const NEVER_BANNED_TEXT = 'User has never been banned';
export const SUPPORTER_ROLE = 'supporter_s7';

const TABS = [
  { value: '', label: 'Chat Log' },
  { value: 'bh', label: 'Ban History' },
  { value: 'ss', label: 'Supporter Status' },
] as const;

/** Banned when the latest entry (history is newest first) has no end (spec §4). */
export function isBanned(history: readonly BanHistoryEntry[]): boolean {
  return history.length > 0 && history[0]!.banEnd === null;
}

/** admin/chat/user/{username}: ?t=bh Ban History, ?t=ss Supporter Status, none = Chat Log. */
export function ChatUserPage() {
  const username = useParams().username ?? '';
  const [params, setParams] = useSearchParams();
  const tab = TABS.find((t) => t.value === (params.get('t') ?? ''))?.value ?? '';
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 6 } }}>
      <PageHeader title={`Chat User: ${username}`}>
        <PlainLinkButton to="/admin/chat?t=ul" variant="outlined">
          Back
        </PlainLinkButton>
      </PageHeader>
      <Tabs
        value={tab}
        onChange={(_, value: string) => setParams(value ? { t: value } : {})}
        aria-label="Chat user"
        sx={{ mb: 3 }}
        variant="scrollable"
      >
        {TABS.map((t) => (
          <Tab key={t.value} value={t.value} label={t.label} />
        ))}
      </Tabs>
      {tab === '' && <ChatLog username={username} />}
      {tab === 'bh' && <BanHistory username={username} />}
      {tab === 'ss' && <SupporterStatus username={username} />}
    </Container>
  );
}

type LogRow = ChatLogEntry & { id: number };

/** The server pages and sorts the log (newest first by default); rows are numbered within the page. */
function ChatLog({ username }: { username: string }) {
  const { status, error, gridProps } = useServerGrid<LogRow>(
    async (req) => {
      const page = await getChatLogPage(username, req);
      return { ...page, items: page.items.map((entry, i) => ({ ...entry, id: (req.page - 1) * req.pageSize + i })) };
    },
    [username],
  );
  if (status === 'failed') return <ErrorState text={error ?? 'The chat log could not be loaded.'} />;
  const columns: GridColDef<LogRow>[] = [
    { field: 'timestamp', headerName: 'Time (UTC)', width: 190, valueFormatter: (v: string) => formatChatTime(v) },
    { field: 'channel', headerName: 'Channel', width: 140 },
    { field: 'message', headerName: 'Message', flex: 1, minWidth: 240 },
    {
      field: 'itemName',
      headerName: 'Linked Item',
      width: 220,
      sortable: false,
      valueFormatter: (v: string | null) => v ?? '',
    },
  ];
  return (
    <AdminGrid<LogRow>
      label="Chat Log"
      {...gridProps}
      columns={columns}
      localeText={{ noRowsLabel: 'No chat messages.' }}
    />
  );
}

type BanRow = BanHistoryEntry & { id: number };

/**
 * Whether the user is banned comes from the newest bans (the server's default order); the table below pages
 * and sorts on the server on its own.
 */
function BanHistory({ username }: { username: string }) {
  const { status, data, error, reload } = useLoad(
    () => getBanHistoryPage(username, { page: 1, pageSize: 10 }),
    [username],
  );
  const [busy, setBusy] = useState(false);
  if (status === 'loading' && !data) return <LoadingState label="Loading ban history" />;
  if (status === 'failed' || !data) return <ErrorState text={error ?? 'The ban history could not be loaded.'} />;
  const banned = isBanned(data.items);

  const toggle = async () => {
    setBusy(true);
    try {
      await (banned ? postUnban(username) : postBan(username));
      await reload();
    } catch {
      // the Error modal has told the admin
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Chip label={banned ? 'Banned' : 'Not banned'} color={banned ? 'error' : 'default'} />
        <Button variant="contained" color={banned ? 'primary' : 'error'} disabled={busy} onClick={() => void toggle()}>
          {banned ? 'Unban' : 'Ban'}
        </Button>
      </Stack>
      {data.itemCount === 0 ? (
        <Alert severity="info">{NEVER_BANNED_TEXT}</Alert>
      ) : (
        // Keyed by the newest ban, so a ban or an unban asks the server for the table again.
        <BanTable key={`${data.itemCount}:${data.items[0]?.banStart}:${data.items[0]?.banEnd}`} username={username} />
      )}
    </Stack>
  );
}

function BanTable({ username }: { username: string }) {
  const { status, error, gridProps } = useServerGrid<BanRow>(
    async (req) => {
      const page = await getBanHistoryPage(username, req);
      return { ...page, items: page.items.map((entry, i) => ({ ...entry, id: (req.page - 1) * req.pageSize + i })) };
    },
    [username],
  );
  if (status === 'failed') return <ErrorState text={error ?? 'The ban history could not be loaded.'} />;
  const now = new Date().toISOString();
  const columns: GridColDef<BanRow>[] = [
    { field: 'banStart', headerName: 'Ban Start', flex: 1, valueFormatter: (v: string) => formatChatTime(v) },
    {
      field: 'banEnd',
      headerName: 'Ban End',
      flex: 1,
      valueFormatter: (v: string | null) => (v ? formatChatTime(v) : 'Still banned'),
    },
    {
      field: 'duration',
      headerName: 'Duration',
      flex: 1,
      sortable: false,
      valueGetter: (_v: unknown, row: BanRow) => formatDuration(row.banStart, row.banEnd ?? now),
    },
  ];
  return <AdminGrid<BanRow> label="Ban History" {...gridProps} columns={columns} />;
}

function SupporterStatus({ username }: { username: string }) {
  const { status, data, error, setData } = useLoad(() => getUserRoles(username), [username]);
  const [busy, setBusy] = useState(false);
  if (status === 'loading' && !data) return <LoadingState label="Loading supporter status" />;
  if (status === 'failed' || !data) return <ErrorState text={error ?? 'The roles could not be loaded.'} />;
  const supporter = data.includes(SUPPORTER_ROLE);

  const toggle = async () => {
    setBusy(true);
    try {
      setData(await (supporter ? postRevokeSupporter(username) : postAddSupporter(username)));
    } catch {
      // the Error modal has told the admin
    } finally {
      setBusy(false);
    }
  };

  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Typography role="status" aria-label="Supporter status" sx={{ flexGrow: 1 }}>
          {supporter ? `${username} is a supporter` : `${username} is not a supporter`}
        </Typography>
        <Button
          variant="contained"
          color={supporter ? 'error' : 'primary'}
          disabled={busy}
          onClick={() => void toggle()}
        >
          {supporter ? 'Revoke' : 'Add'}
        </Button>
      </Stack>
    </Paper>
  );
}
