import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Container from '@mui/material/Container';
import IconButton from '@mui/material/IconButton';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useEffect, useState, type DragEvent } from 'react';
import { useParams } from 'react-router-dom';
import { PageHeader } from '@/components/ui/page-header';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/page-states';
import { LinkButton } from '@/components/ui/query-link';
import type { AdminChallenge, ChallengeCategory } from '../api/admin-types';
import { deleteSeasonChallenge } from '../api/delete-season-challenge';
import { getAdminSeason } from '../api/get-admin-season';
import { getChallengeCategories } from '../api/get-challenge-categories';
import { getSeasonChallenges } from '../api/get-season-challenges';
import { postDisplayOrder } from '../api/post-display-order';
import { postSeasonChallenge } from '../api/post-season-challenge';
import {
  CHALLENGE_TYPE_NAMES,
  DIFFICULTY_NAMES,
  displayOrderOf,
  joinDifficulties,
  moveEntry,
  newChallenge,
  splitDifficulties,
  takesThreshold,
} from '../challenge-rules';
import { useLoad } from '../use-load';
import { ConfirmDialog, SavedTick, UnsavedMarker } from './admin-ui';

interface Row {
  /** A stable key across drags (the id changes when a new challenge is saved). */
  key: string;
  challenge: AdminChallenge;
  dirty: boolean;
  savedToken: number;
}

let keySeed = 0;
const rowOf = (challenge: AdminChallenge): Row => ({
  key: `c${++keySeed}`,
  challenge,
  dirty: challenge.seasonChallengeId === 0,
  savedToken: 0,
});

/** admin/season-detail/{seasonId}: the season's challenges, dragged into order and edited in place. */
export function SeasonDetailPage() {
  const seasonId = Number(useParams().seasonId);
  const { status, data, error } = useLoad(async () => {
    const [season, challenges, categories] = await Promise.all([
      getAdminSeason(seasonId),
      getSeasonChallenges(seasonId),
      getChallengeCategories(),
    ]);
    return { season, categories, rows: challenges.map(rowOf) };
  }, [seasonId]);
  const [rowsState, setRows] = useState<Row[] | null>(null);
  const [dragFrom, setDragFrom] = useState<number | null>(null);
  const [confirmKey, setConfirmKey] = useState<string | null>(null);
  useEffect(() => setRows(null), [data]);
  const rows = rowsState ?? data?.rows ?? [];
  const hasUnsavedNew = rows.some((r) => r.challenge.seasonChallengeId === 0);

  if (status === 'loading') return <LoadingState label="Loading challenges" />;
  if (status === 'failed' || !data) return <ErrorState text={error ?? 'The challenges could not be loaded.'} />;

  const update = (key: string, next: Partial<AdminChallenge>) =>
    setRows(rows.map((r) => (r.key === key ? { ...r, challenge: { ...r.challenge, ...next }, dirty: true } : r)));

  const reorder = async (from: number, to: number) => {
    const next = moveEntry(rows, from, to).map((r, index) => ({
      ...r,
      challenge: { ...r.challenge, displayOrder: index + 1 },
    }));
    setRows(next);
    const order = displayOrderOf(next.map((r) => r.challenge));
    if (order.length > 0) {
      try {
        await postDisplayOrder(order);
      } catch {
        // the Error modal has told the admin; the list keeps the dragged order to try again
      }
    }
  };

  const save = async (key: string) => {
    const index = rows.findIndex((r) => r.key === key);
    const row = rows[index];
    if (!row) return;
    const { categoryName: _categoryName, ...body } = row.challenge;
    try {
      const saved = await postSeasonChallenge({
        ...body,
        questTag: body.questTag?.trim() ? body.questTag.trim() : null,
        scalingThreshold: takesThreshold(body.challengeTypeId) ? body.scalingThreshold : null,
        displayOrder: index + 1,
      });
      setRows((current) =>
        (current ?? rows).map((r) =>
          r.key === key ? { ...r, challenge: saved, dirty: false, savedToken: r.savedToken + 1 } : r,
        ),
      );
    } catch {
      // shown by the Error modal; the row stays unsaved
    }
  };

  const remove = async (key: string) => {
    setConfirmKey(null);
    const row = rows.find((r) => r.key === key);
    if (!row) return;
    if (row.challenge.seasonChallengeId !== 0) {
      try {
        await deleteSeasonChallenge(row.challenge.seasonChallengeId);
      } catch {
        return;
      }
    }
    setRows((current) => (current ?? rows).filter((r) => r.key !== key));
  };

  const add = () => {
    if (hasUnsavedNew) return;
    const firstCategory = data.categories[0]?.challengeCategoryId ?? 1;
    setRows([...rows, rowOf(newChallenge(seasonId, rows.length + 1, firstCategory))]);
  };

  const onDrop = (event: DragEvent, to: number) => {
    event.preventDefault();
    const from = dragFrom ?? Number(event.dataTransfer?.getData('text/plain'));
    setDragFrom(null);
    if (Number.isInteger(from)) void reorder(from, to);
  };

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 6 } }}>
      <PageHeader title={`${data.season.displayName} Challenges`}>
        <LinkButton to="/admin/season-list" variant="outlined">
          Back To Seasons
        </LinkButton>
        <Button variant="contained" onClick={add} disabled={hasUnsavedNew}>
          Add Challenge
        </Button>
      </PageHeader>
      {rows.length === 0 && <EmptyState text="This season has no challenges yet." />}
      <Stack component="ol" aria-label="Challenges" spacing={2} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {rows.map((row, index) => (
          <Paper
            component="li"
            key={row.key}
            aria-label={`Challenge ${index + 1}: ${row.challenge.challengeName || 'New challenge'}`}
            onDragOver={(event) => event.preventDefault()}
            onDrop={(event) => onDrop(event, index)}
            sx={{ p: 2, outline: dragFrom === index ? '2px dashed' : undefined }}
          >
            <ChallengeEditor
              row={row}
              position={index + 1}
              categories={data.categories}
              isFirst={index === 0}
              isLast={index === rows.length - 1}
              onDragStart={(event) => {
                setDragFrom(index);
                event.dataTransfer?.setData('text/plain', String(index));
              }}
              onMove={(delta) => void reorder(index, index + delta)}
              onChange={(next) => update(row.key, next)}
              onSave={() => void save(row.key)}
              onDelete={() => setConfirmKey(row.key)}
            />
          </Paper>
        ))}
      </Stack>
      <ConfirmDialog
        open={confirmKey !== null}
        title="Delete challenge?"
        text="The challenge and the points it gives are removed."
        confirmLabel="Delete"
        onCancel={() => setConfirmKey(null)}
        onConfirm={() => confirmKey && void remove(confirmKey)}
      />
    </Container>
  );
}

interface ChallengeEditorProps {
  row: Row;
  position: number;
  categories: ChallengeCategory[];
  isFirst: boolean;
  isLast: boolean;
  onDragStart: (event: DragEvent) => void;
  onMove: (delta: number) => void;
  onChange: (next: Partial<AdminChallenge>) => void;
  onSave: () => void;
  onDelete: () => void;
}

function ChallengeEditor(props: ChallengeEditorProps) {
  const { row, position, categories, onChange } = props;
  const c = row.challenge;
  const name = c.challengeName || 'New challenge';
  const thresholdEnabled = takesThreshold(c.challengeTypeId);
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Box
          draggable
          onDragStart={props.onDragStart}
          aria-label={`Drag ${name}`}
          role="button"
          tabIndex={-1}
          sx={{ cursor: 'grab', display: 'flex' }}
        >
          <DragIndicatorIcon />
        </Box>
        <Box component="span" aria-label="Display order" sx={{ fontWeight: 700, minWidth: 24 }}>
          {position}
        </Box>
        <IconButton
          size="small"
          aria-label={`Move ${name} up`}
          disabled={props.isFirst}
          onClick={() => props.onMove(-1)}
        >
          <ArrowUpwardIcon fontSize="small" />
        </IconButton>
        <IconButton
          size="small"
          aria-label={`Move ${name} down`}
          disabled={props.isLast}
          onClick={() => props.onMove(1)}
        >
          <ArrowDownwardIcon fontSize="small" />
        </IconButton>
        <Box sx={{ flexGrow: 1 }} />
        <UnsavedMarker show={row.dirty} />
        <SavedTick token={row.savedToken} label={`${name} saved`} />
      </Stack>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
        <TextField
          label="Challenge Name"
          value={c.challengeName}
          onChange={(e) => onChange({ challengeName: e.target.value })}
          sx={{ flex: 2 }}
        />
        <TextField
          label="Quest Tag"
          value={c.questTag ?? ''}
          onChange={(e) => onChange({ questTag: e.target.value })}
          sx={{ flex: 1 }}
        />
        <TextField
          select
          label="Category"
          value={String(c.challengeCategoryId)}
          onChange={(e) => onChange({ challengeCategoryId: Number(e.target.value) })}
          sx={{ flex: 1, minWidth: 160 }}
        >
          {categories.map((cat) => (
            <MenuItem key={cat.challengeCategoryId} value={String(cat.challengeCategoryId)}>
              {cat.categoryName}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
        <TextField
          select
          label="Challenge Type"
          value={String(c.challengeTypeId)}
          onChange={(e) => {
            const challengeTypeId = Number(e.target.value);
            onChange({
              challengeTypeId,
              scalingThreshold: takesThreshold(challengeTypeId) ? c.scalingThreshold : null,
            });
          }}
          sx={{ flex: 1, minWidth: 180 }}
        >
          {Object.entries(CHALLENGE_TYPE_NAMES).map(([id, label]) => (
            <MenuItem key={id} value={id}>
              {label}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          label="Scaling Threshold"
          type="number"
          value={c.scalingThreshold ?? ''}
          disabled={!thresholdEnabled}
          onChange={(e) => onChange({ scalingThreshold: e.target.value === '' ? null : Number(e.target.value) })}
          sx={{ flex: 1 }}
        />
        <TextField
          select
          label="Difficulties"
          value={splitDifficulties(c.difficulties)}
          onChange={(e) => {
            const value = e.target.value as unknown;
            const list = Array.isArray(value) ? (value as string[]) : String(value).split(',');
            onChange({ difficulties: joinDifficulties(list) });
          }}
          slotProps={{
            select: { multiple: true, renderValue: (selected) => (selected as string[]).join(', ') },
          }}
          sx={{ flex: 1, minWidth: 200 }}
        >
          {DIFFICULTY_NAMES.map((d) => (
            <MenuItem key={d} value={d}>
              <Checkbox checked={splitDifficulties(c.difficulties).includes(d)} size="small" />
              <ListItemText primary={d} />
            </MenuItem>
          ))}
        </TextField>
        <TextField
          label="Max Level"
          type="number"
          value={c.maxLevel}
          onChange={(e) => onChange({ maxLevel: Number(e.target.value) })}
          sx={{ flex: 1 }}
        />
        <TextField
          label="Points"
          type="number"
          value={c.pointValue}
          onChange={(e) => onChange({ pointValue: Number(e.target.value) })}
          sx={{ flex: 1 }}
        />
      </Stack>
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
        <Button color="error" onClick={props.onDelete}>
          Delete
        </Button>
        <Button variant="contained" onClick={props.onSave}>
          Save
        </Button>
      </Stack>
    </Stack>
  );
}
