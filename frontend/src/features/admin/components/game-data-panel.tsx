import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { LoadingState } from '@/components/ui/page-states';
import { languageName } from '@/lib/language-name';
import { formatElapsed, formatSize, formatUtc } from '../admin-format';
import type { Branch, FileRecord, GameDataBranch } from '../api/admin-types';
import { getGameDataStatus } from '../api/get-game-data-status';
import { useLoad } from '../use-load';

/** How often the panel asks again while an extraction runs (or is about to). */
export const GAME_DATA_POLL_MS = 3000;
/** How long after an upload of a database or archive the panel waits for the extraction that reads it. */
export const GAME_DATA_SETTLE_MS = 30_000;
export const NO_GAME_DATA_TEXT = "No game data published yet: upload the mod's .arz and Text_EN.arc";

type Published = NonNullable<GameDataBranch['published']>;
type Extraction = NonNullable<GameDataBranch['lastExtraction']>;

const STATUS: Record<Extraction['status'], { label: string; color: 'info' | 'success' | 'default' | 'error' }> = {
  processing: { label: 'Processing', color: 'info' },
  published: { label: 'Published', color: 'success' },
  unchanged: { label: 'Unchanged', color: 'default' },
  failed: { label: 'Failed', color: 'error' },
};

/** The uploads game data is read from: a mod's database or archives (the service picks the text archives). */
const feedsGameData = (upload: FileRecord) => upload.kind === 'mod' && /\.(arz|arc)$/i.test(upload.fileName);

const count = (n: number) => n.toLocaleString('en-US');
const fileNames = (inputs: Published['inputs']) => inputs.map((input) => input.fileName).join(', ') || '—';

/** Uploads the panel has seen an extraction take up (or publish). */
function inputsSeen(entry: GameDataBranch): Set<string> {
  const inputs = [...(entry.lastExtraction?.inputs ?? []), ...(entry.published?.inputs ?? [])];
  return new Set(inputs.map((input) => input.fileId));
}

function Facts({ rows }: { rows: Array<[string, ReactNode]> }) {
  return (
    <Box
      component="dl"
      sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.5, my: 1 }}
    >
      {rows.map(([term, value]) => (
        <Box key={term} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {term}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/** The reader's problems (records missing a field, tags without text): collapsed, with their count. */
function Problems({ problems, problemCount }: { problems: string[]; problemCount: number }) {
  if (problemCount === 0) return <Typography variant="body2">No problems found.</Typography>;
  const more = problemCount - problems.length;
  return (
    <Box component="details" sx={{ '& summary': { cursor: 'pointer' } }}>
      <Typography component="summary" variant="body2">
        Problems ({count(problemCount)})
      </Typography>
      <Box component="ul" sx={{ my: 1, pl: 3 }}>
        {problems.map((problem, index) => (
          <Typography component="li" variant="body2" key={index} sx={{ overflowWrap: 'anywhere' }}>
            {problem}
          </Typography>
        ))}
      </Box>
      {more > 0 && (
        <Typography variant="body2" color="text.secondary">
          … and {count(more)} more
        </Typography>
      )}
    </Box>
  );
}

function PublishedSet({ published }: { published: Published }) {
  return (
    <Facts
      rows={[
        ['Version', published.version],
        ['Published (UTC)', formatUtc(published.publishedAt)],
        ['Records read', count(published.records)],
        ['Items', count(published.items)],
        ['Affixes', count(published.affixes)],
        ['Sets', count(published.sets)],
        ['Creatures', count(published.creatures)],
        ['Languages', published.languages.map((code) => `${languageName(code)} (${code})`).join(', ') || '—'],
        ['Size', formatSize(published.size)],
        ['Read from', fileNames(published.inputs)],
      ]}
    />
  );
}

function LastExtraction({ extraction }: { extraction: Extraction }) {
  const status = STATUS[extraction.status];
  return (
    <>
      <Facts
        rows={[
          ['Status', <Chip key="status" size="small" label={status.label} color={status.color} />],
          ['Started (UTC)', formatUtc(extraction.startedAt)],
          ['Finished (UTC)', extraction.finishedAt ? formatUtc(extraction.finishedAt) : 'Still running'],
          ['Took', extraction.durationMs === null ? '—' : formatElapsed(extraction.durationMs)],
          ['Read from', fileNames(extraction.inputs)],
        ]}
      />
      {extraction.message &&
        (extraction.status === 'failed' ? (
          <Alert severity="error">{extraction.message}</Alert>
        ) : (
          <Typography variant="body2">{extraction.message}</Typography>
        ))}
    </>
  );
}

function Part({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <Box component="section" aria-labelledby={id} sx={{ flex: 1, minWidth: 0 }}>
      <Typography variant="h6" component="h3" id={id}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

function BranchGameData({ entry }: { entry: GameDataBranch }) {
  const { published, lastExtraction } = entry;
  // The problems belong to the published set; they show with the extraction that produced (or confirmed) it.
  const extractionMadeSet =
    lastExtraction !== null && (lastExtraction.status === 'published' || lastExtraction.status === 'unchanged');
  const problems = published && <Problems problems={published.problems} problemCount={published.problemCount} />;
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={3}>
      <Part title="Published set">
        {published ? <PublishedSet published={published} /> : <Alert severity="info">{NO_GAME_DATA_TEXT}</Alert>}
        {!extractionMadeSet && problems}
      </Part>
      <Part title="Last extraction">
        {lastExtraction ? (
          <LastExtraction extraction={lastExtraction} />
        ) : (
          <Typography variant="body2">No extraction has run yet.</Typography>
        )}
        {extractionMadeSet && problems}
      </Part>
    </Stack>
  );
}

/**
 * The branch's game data (what the site names items, affixes and monsters from): the published set and the
 * last extraction. Asked again every few seconds while an extraction runs, and after an upload of a
 * database or archive until the extraction that reads it shows up (the worker takes it up within moments).
 */
export function GameDataPanel({ branch, uploaded }: { branch: Branch; uploaded: readonly FileRecord[] }) {
  const headingId = useId();
  const { status, data, error, refresh } = useLoad(getGameDataStatus, []);
  const [awaiting, setAwaiting] = useState<{ ids: string[]; until: number } | null>(null);

  useEffect(() => {
    const ids = uploaded.filter(feedsGameData).map((upload) => upload.id);
    if (!ids.length) return;
    setAwaiting({ ids, until: Date.now() + GAME_DATA_SETTLE_MS });
    void refresh();
  }, [uploaded, refresh]);

  const entry = data?.branches.find((b) => b.branch === branch);
  const processing = entry?.lastExtraction?.status === 'processing';
  const taken = !awaiting || (entry !== undefined && awaiting.ids.every((id) => inputsSeen(entry).has(id)));
  const polling = processing || !taken;

  useEffect(() => {
    if (!polling) return undefined;
    const timer = setInterval(() => {
      // An upload no extraction reads (an archive without text) is not waited for for ever.
      if (awaiting && Date.now() > awaiting.until) setAwaiting(null);
      void refresh();
    }, GAME_DATA_POLL_MS);
    return () => clearInterval(timer);
  }, [polling, awaiting, refresh]);

  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} sx={{ p: 2 }}>
      <Typography variant="h5" component="h2" id={headingId} gutterBottom>
        Game data
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        The site names items, affixes and monsters from the branch&apos;s mod database (.arz) and text archives
        (Text_EN.arc, Text_DE.arc, …), read after each upload.
      </Typography>
      {status === 'loading' && !data && <LoadingState label="Loading game data" />}
      {status === 'failed' && (
        <Alert severity="error" sx={{ mb: 2 }}>
          The game data status could not be loaded: {error}
        </Alert>
      )}
      {data && (entry ? <BranchGameData entry={entry} /> : <Alert severity="info">{NO_GAME_DATA_TEXT}</Alert>)}
    </Paper>
  );
}
