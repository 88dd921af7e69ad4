import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { SeasonChallenge } from '../api/season-types';
import {
  CHALLENGE_TYPE_NAMES,
  challengeTitle,
  difficultiesText,
  groupByCategory,
  isLevelLimited,
  levelLimitNotes,
} from '../challenges';

export const NO_CHALLENGES_TEXT = 'No challenges have been announced for this ladder yet.';

interface ChallengeTablesProps {
  challenges: readonly SeasonChallenge[];
  /** Names the tables, e.g. 'Season 7 HC SSF'. */
  label: string;
  /** Ids of completed challenges: when given, a read-only Completed column shows. */
  completed?: ReadonlySet<number>;
  /** Shows the challenge type column (the season page). */
  showType?: boolean;
  /** The heading level of the category names. */
  headingComponent?: 'h2' | 'h3' | 'h4';
}

function ChallengeName({ challenge }: { challenge: SeasonChallenge }) {
  const notes = levelLimitNotes(challenge);
  return (
    <Box>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
        <span>{challengeTitle(challenge)}</span>
        {isLevelLimited(challenge) && (
          <Chip size="small" color="warning" variant="outlined" label={`Max ${challenge.maxLevel}`} />
        )}
      </Stack>
      {notes.map((note) => (
        <Typography key={note} variant="caption" component="p" color="text.secondary">
          * {note}
        </Typography>
      ))}
    </Box>
  );
}

/** A season's challenges, one table per category (Tiebreakers last). */
export function ChallengeTables({
  challenges,
  label,
  completed,
  showType = false,
  headingComponent = 'h3',
}: ChallengeTablesProps) {
  const groups = groupByCategory(challenges);
  if (groups.length === 0) {
    return (
      <Typography color="text.secondary" sx={{ py: 2 }}>
        {NO_CHALLENGES_TEXT}
      </Typography>
    );
  }
  return (
    <Stack spacing={3}>
      {groups.map((group) => (
        <Box key={group.categoryName} component="section" aria-label={`${label} ${group.categoryName}`}>
          <Typography variant="h6" component={headingComponent} gutterBottom sx={{ color: 'primary.light' }}>
            {group.categoryName}
          </Typography>
          <TableContainer component={Paper} variant="outlined">
            <Table size="small" aria-label={`${group.categoryName} challenges`}>
              <TableHead>
                <TableRow>
                  {completed && <TableCell padding="checkbox">Completed</TableCell>}
                  <TableCell>Challenge</TableCell>
                  {showType && <TableCell>Type</TableCell>}
                  <TableCell>Difficulty</TableCell>
                  <TableCell align="right">Points</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {group.challenges.map((challenge) => (
                  <TableRow key={challenge.seasonChallengeId}>
                    {completed && (
                      <TableCell padding="checkbox">
                        <Checkbox
                          checked={completed.has(challenge.seasonChallengeId)}
                          disabled
                          slotProps={{ input: { 'aria-label': `${challengeTitle(challenge)} completed` } }}
                        />
                      </TableCell>
                    )}
                    <TableCell>
                      <ChallengeName challenge={challenge} />
                    </TableCell>
                    {showType && <TableCell>{CHALLENGE_TYPE_NAMES[challenge.challengeTypeId ?? 0] ?? ''}</TableCell>}
                    <TableCell>{difficultiesText(challenge.difficulties)}</TableCell>
                    <TableCell align="right">{challenge.pointValue}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        </Box>
      ))}
    </Stack>
  );
}
