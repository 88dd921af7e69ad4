import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { PageHeader } from '@/components/ui/page-header';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/page-states';
import { formatChatTime, formatDuration } from '../admin-format';
import type { BannedUser, WelcomeMessage } from '../api/admin-types';
import { deleteWelcomeMessage } from '../api/delete-welcome-message';
import { getBannedUsersPage } from '../api/get-banned-users';
import { getConnectedClients } from '../api/get-connected-clients';
import { getWelcomeMessages } from '../api/get-welcome-messages';
import { postSystemMessage } from '../api/post-system-message';
import { postWelcomeMessages } from '../api/post-welcome-messages';
import { moveEntry } from '../challenge-rules';
import { useLoad } from '../use-load';
import { AdminGrid, useServerGrid } from './admin-grid';
import { ConfirmDialog, PlainLink, PlainLinkButton, UnsavedMarker } from './admin-ui';

/** Users online are asked for again every 30 s (spec §9). */
export const ONLINE_REFRESH_MS = 30_000;

const TABS = [
  { value: '', label: 'Welcome Message' },
  { value: 'ul', label: 'User List' },
  { value: 'bu', label: 'Banned Users' },
] as const;

/** Who is online now, asked again every 30 s. */
function useOnlineUsers() {
  const [users, setUsers] = useState<string[] | null>(null);
  useEffect(() => {
    let live = true;
    const load = async () => {
      try {
        const list = await getConnectedClients();
        if (live) setUsers(list);
      } catch {
        // the Error modal has told the admin; the last count stays
      }
    };
    void load();
    const timer = setInterval(() => void load(), ONLINE_REFRESH_MS);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, []);
  return users;
}

/** admin/chat: users online, and the tabs ?t=ul (User List), ?t=bu (Banned Users), none (Welcome Message). */
export function ChatPage() {
  const [params, setParams] = useSearchParams();
  const tab = TABS.find((t) => t.value === (params.get('t') ?? ''))?.value ?? '';
  const online = useOnlineUsers();
  const navigate = useNavigate();
  const [lookup, setLookup] = useState('');

  const openUser = (event: FormEvent) => {
    event.preventDefault();
    const name = lookup.trim();
    if (name) navigate(`/admin/chat/user/${encodeURIComponent(name)}`);
  };

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 6 } }}>
      <PageHeader title="Chat Management">
        <PlainLinkButton to="/admin/season-list" variant="outlined">
          Back
        </PlainLinkButton>
      </PageHeader>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2, alignItems: { sm: 'center' } }}>
        <Typography role="status" aria-label="Users online" sx={{ flexGrow: 1 }}>
          Users online: {online === null ? '…' : online.length}
        </Typography>
        <Stack component="form" direction="row" spacing={1} onSubmit={openUser}>
          <TextField size="small" label="Username" value={lookup} onChange={(e) => setLookup(e.target.value)} />
          <Button type="submit" variant="outlined">
            Open User
          </Button>
        </Stack>
      </Stack>
      <SystemMessage />
      <Tabs
        value={tab}
        onChange={(_, value: string) => setParams(value ? { t: value } : {})}
        aria-label="Chat management"
        sx={{ mb: 3 }}
        variant="scrollable"
      >
        {TABS.map((t) => (
          <Tab key={t.value} value={t.value} label={t.label} />
        ))}
      </Tabs>
      {tab === '' && <WelcomeMessages />}
      {tab === 'ul' && <UserList users={online} />}
      {tab === 'bu' && <BannedUsers />}
    </Container>
  );
}

/** A one-off system message to everyone in chat now. */
function SystemMessage() {
  const [message, setMessage] = useState('');
  const [sent, setSent] = useState(false);
  const send = async (event: FormEvent) => {
    event.preventDefault();
    if (!message.trim()) return;
    try {
      await postSystemMessage(message.trim());
      setMessage('');
      setSent(true);
    } catch {
      // the Error modal has told the admin
    }
  };
  return (
    <Stack component="form" direction="row" spacing={1} onSubmit={send} sx={{ mb: 2, alignItems: 'center' }}>
      <TextField
        size="small"
        fullWidth
        label="System Message"
        value={message}
        onChange={(e) => {
          setMessage(e.target.value);
          setSent(false);
        }}
        slotProps={{ htmlInput: { maxLength: 255 } }}
      />
      <Button type="submit" variant="outlined" disabled={!message.trim()}>
        Send
      </Button>
      {sent && (
        <Typography role="status" color="success.main">
          Sent
        </Typography>
      )}
    </Stack>
  );
}

const userLink = (username: string) => (
  <PlainLink to={`/admin/chat/user/${encodeURIComponent(username)}`}>{username}</PlainLink>
);

function UserList({ users }: { users: string[] | null }) {
  if (users === null) return <LoadingState label="Loading users online" />;
  const columns: GridColDef<{ username: string }>[] = [
    { field: 'username', headerName: 'Username', flex: 1, renderCell: ({ row }) => userLink(row.username) },
  ];
  return (
    <AdminGrid<{ username: string }>
      label="User List"
      rows={users.map((username) => ({ username }))}
      columns={columns}
      getRowId={(row) => row.username}
      initialState={{ sorting: { sortModel: [{ field: 'username', sort: 'asc' }] } }}
    />
  );
}

function BannedUsers() {
  const { status, error, gridProps } = useServerGrid<BannedUser>(
    getBannedUsersPage,
    [],
    [{ field: 'username', sort: 'asc' }],
  );
  if (status === 'failed') return <ErrorState text={error ?? 'The banned users could not be loaded.'} />;
  const now = new Date().toISOString();
  const columns: GridColDef<BannedUser>[] = [
    { field: 'username', headerName: 'Username', flex: 1, renderCell: ({ row }) => userLink(row.username) },
    { field: 'banStart', headerName: 'Banned Since', flex: 1, valueFormatter: (v: string) => formatChatTime(v) },
    {
      field: 'duration',
      headerName: 'Duration',
      flex: 1,
      sortable: false,
      valueGetter: (_v: unknown, row: BannedUser) => formatDuration(row.banStart, now),
    },
  ];
  return (
    <AdminGrid<BannedUser> label="Banned Users" {...gridProps} columns={columns} getRowId={(row) => row.username} />
  );
}

interface MessageRow {
  key: string;
  chatSystemMessageId: number;
  message: string;
}

let seed = 0;
const messageRow = (m: Pick<WelcomeMessage, 'chatSystemMessageId' | 'message'>): MessageRow => ({
  key: `w${++seed}`,
  chatSystemMessageId: m.chatSystemMessageId,
  message: m.message,
});

/** The welcome messages: edit, order, add, delete (with confirm) and Save. */
function WelcomeMessages() {
  const { status, data, error } = useLoad(getWelcomeMessages, []);
  const [rows, setRows] = useState<MessageRow[]>([]);
  const [dirty, setDirty] = useState(false);
  const [confirmKey, setConfirmKey] = useState<string | null>(null);
  useEffect(() => {
    setRows((data ?? []).map(messageRow));
    setDirty(false);
  }, [data]);

  if (status === 'loading') return <LoadingState label="Loading welcome messages" />;
  if (status === 'failed') return <ErrorState text={error ?? 'The welcome messages could not be loaded.'} />;

  const change = (next: MessageRow[]) => {
    setRows(next);
    setDirty(true);
  };

  const remove = async (key: string) => {
    setConfirmKey(null);
    const row = rows.find((r) => r.key === key);
    if (!row) return;
    if (row.chatSystemMessageId !== 0) {
      try {
        await deleteWelcomeMessage(row.chatSystemMessageId);
      } catch {
        return;
      }
    }
    setRows((list) => list.filter((r) => r.key !== key));
  };

  const save = async () => {
    try {
      const saved = await postWelcomeMessages(
        rows.map((r) => ({ chatSystemMessageId: r.chatSystemMessageId, message: r.message })),
      );
      setRows(saved.map(messageRow));
      setDirty(false);
    } catch {
      // the Error modal has told the admin
    }
  };

  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Stack direction="row" spacing={1} sx={{ mb: 2, alignItems: 'center' }}>
        <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>
          Welcome Message
        </Typography>
        <UnsavedMarker show={dirty} />
        <Button
          variant="outlined"
          onClick={() => change([...rows, messageRow({ chatSystemMessageId: 0, message: '' })])}
        >
          Add Message
        </Button>
        <Button variant="contained" onClick={() => void save()}>
          Save
        </Button>
      </Stack>
      {rows.length === 0 && <EmptyState text="No welcome messages." />}
      <Stack component="ol" aria-label="Welcome messages" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {rows.map((row, index) => (
          <Stack component="li" key={row.key} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Typography sx={{ minWidth: 24, fontWeight: 700 }}>{index + 1}</Typography>
            <TextField
              fullWidth
              size="small"
              label={`Message ${index + 1}`}
              value={row.message}
              onChange={(e) => change(rows.map((r) => (r.key === row.key ? { ...r, message: e.target.value } : r)))}
            />
            <IconButton
              aria-label={`Move message ${index + 1} up`}
              disabled={index === 0}
              onClick={() => change(moveEntry(rows, index, index - 1))}
            >
              <ArrowUpwardIcon fontSize="small" />
            </IconButton>
            <IconButton
              aria-label={`Move message ${index + 1} down`}
              disabled={index === rows.length - 1}
              onClick={() => change(moveEntry(rows, index, index + 1))}
            >
              <ArrowDownwardIcon fontSize="small" />
            </IconButton>
            <Button color="error" aria-label={`Delete message ${index + 1}`} onClick={() => setConfirmKey(row.key)}>
              Delete
            </Button>
          </Stack>
        ))}
      </Stack>
      <ConfirmDialog
        open={confirmKey !== null}
        title="Delete welcome message?"
        text="Players will no longer see this message when they join chat."
        confirmLabel="Delete"
        onCancel={() => setConfirmKey(null)}
        onConfirm={() => confirmKey && void remove(confirmKey)}
      />
    </Paper>
  );
}
