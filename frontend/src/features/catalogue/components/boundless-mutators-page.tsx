import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Mutator } from '@league/contracts';
import { BASE_CLASSES, DIFFICULTIES } from '@league/contracts/catalogue-constants';
import { useEffect, useMemo, useState } from 'react';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/page-states';
import { StatText } from '@/components/ui/stat-text';
import { mutatorsRequested, selectMutators } from '../catalogue-slice';

export const NO_MUTATORS_TEXT = 'No mutators have been revealed yet.';

export interface MutatorGroup {
  name: string;
  byDifficulty: Partial<Record<Mutator['difficulty'], Mutator>>;
}

/** Class columns in the game's order, each with its mutators (first-seen order) and their difficulties. */
export function groupMutators(mutators: Mutator[]): Array<{ className: string; groups: MutatorGroup[] }> {
  return BASE_CLASSES.map((className) => {
    const groups: MutatorGroup[] = [];
    for (const mutator of mutators) {
      if (mutator.class !== className) continue;
      let group = groups.find((g) => g.name === mutator.name);
      if (!group) {
        group = { name: mutator.name, byDifficulty: {} };
        groups.push(group);
      }
      group.byDifficulty[mutator.difficulty] = mutator;
    }
    return { className, groups };
  });
}

export function BoundlessMutatorsPage() {
  const dispatch = useAppDispatch();
  const { status, data, error } = useAppSelector(selectMutators);
  const [open, setOpen] = useState<Mutator | null>(null);
  const columns = useMemo(() => groupMutators(data ?? []), [data]);

  useEffect(() => {
    dispatch(mutatorsRequested());
  }, [dispatch]);

  return (
    <Container maxWidth="xl" sx={{ py: { xs: 3, md: 6 } }}>
      <Typography variant="h3" component="h1" gutterBottom sx={{ fontSize: { xs: '2rem', md: '3rem' } }}>
        Season 4
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Boundless Dungeon mutators by class. Choose a difficulty to read a mutator&apos;s effects.
      </Typography>
      {(status === 'idle' || status === 'loading') && <LoadingState label="Loading mutators" />}
      {status === 'failed' && <ErrorState text={error ?? ''} />}
      {status === 'loaded' && data?.length === 0 && <EmptyState text={NO_MUTATORS_TEXT} />}
      {status === 'loaded' && data && data.length > 0 && (
        <Box
          sx={{
            display: 'grid',
            gap: 1.5,
            // Nine columns on wide screens; three, then one (stacked) on smaller ones.
            gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, minmax(0, 1fr))', lg: 'repeat(9, minmax(0, 1fr))' },
          }}
        >
          {columns.map(({ className, groups }) => (
            <Paper
              key={className}
              component="section"
              aria-label={className}
              variant="outlined"
              sx={{ p: 1.5, minWidth: 0 }}
            >
              <Typography variant="h6" component="h2" sx={{ fontSize: '1.05rem', mb: 1, color: 'primary.light' }}>
                {className}
              </Typography>
              {groups.length === 0 && (
                <Typography variant="body2" color="text.secondary">
                  None yet.
                </Typography>
              )}
              {groups.map((group) => (
                <Box key={group.name} sx={{ mb: 1.5 }}>
                  <Typography variant="body2" component="h3" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                    {group.name}
                  </Typography>
                  <Stack direction="row" sx={{ flexWrap: 'wrap', columnGap: 0.5 }}>
                    {DIFFICULTIES.map((difficulty) => {
                      const mutator = group.byDifficulty[difficulty];
                      if (!mutator) return null;
                      return (
                        <Button
                          key={difficulty}
                          size="small"
                          variant="text"
                          sx={{ minWidth: 0, px: 0.5 }}
                          aria-label={`${group.name}: ${difficulty}`}
                          onClick={() => setOpen(mutator)}
                        >
                          {difficulty}
                        </Button>
                      );
                    })}
                  </Stack>
                </Box>
              ))}
            </Paper>
          ))}
        </Box>
      )}
      <Dialog open={open !== null} onClose={() => setOpen(null)} fullWidth maxWidth="xs">
        {open && (
          <>
            <DialogTitle>
              {open.name} ({open.difficulty})
            </DialogTitle>
            <DialogContent>
              <Typography variant="body2" color="text.secondary" gutterBottom>
                {open.class}
              </Typography>
              <Box component="ul" aria-label="Modifiers" sx={{ m: 0, pl: 2.5 }}>
                {open.modifiers.map((line, index) => (
                  <Typography component="li" variant="body2" key={index} sx={{ py: 0.25 }}>
                    <StatText text={line.statDisplay} tone="highlight" />
                  </Typography>
                ))}
              </Box>
            </DialogContent>
            <DialogActions>
              <Button onClick={() => setOpen(null)}>Close</Button>
            </DialogActions>
          </>
        )}
      </Dialog>
    </Container>
  );
}
