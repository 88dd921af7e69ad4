import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { MonsterNode } from '@league/contracts';
import { useEffect, type ReactNode } from 'react';
import { useParams } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { ErrorState, LoadingState } from '@/components/ui/page-states';
import { LinkButton, TextLink } from '@/components/ui/query-link';
import { StatText } from '@/components/ui/stat-text';
import { htmlToLines } from '@/lib/stat-markup';
import { monsterRequested, selectMonster } from '../catalogue-slice';

export const MONSTER_NOT_FOUND_TEXT = 'No monster information has been revealed yet.';

/** Monster node types: 1 attack, 2 passive. */
const ATTACK = 1;
const PASSIVE = 2;

function NodeText({ node }: { node: MonsterNode }) {
  return (
    <>
      {htmlToLines(node.rawHtml).map((line, index) => (
        <Typography key={index} variant="body2">
          <StatText text={line} tone="highlight" />
        </Typography>
      ))}
    </>
  );
}

function NodeSection({ title, nodes }: { title: string; nodes: MonsterNode[] }) {
  return (
    <Box component="section" aria-label={title} sx={{ mt: 3 }}>
      <Typography variant="h5" component="h2" gutterBottom>
        {title}
      </Typography>
      {nodes.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          None revealed.
        </Typography>
      )}
      {nodes.map((node) => (
        <Box key={node.nodeId} sx={{ mb: 1.5 }}>
          {node.title && (
            <Typography variant="subtitle1" component="h3" color="primary.light">
              {node.title}
            </Typography>
          )}
          <NodeText node={node} />
          {node.childNodes.map((child) => (
            <Box key={child.nodeId} sx={{ pl: 2 }}>
              {child.title && (
                <Typography variant="subtitle2" component="h4">
                  {child.title}
                </Typography>
              )}
              <NodeText node={child as MonsterNode} />
            </Box>
          ))}
        </Box>
      ))}
    </Box>
  );
}

export function MonsterDetailPage() {
  const dispatch = useAppDispatch();
  const { monsterId: param } = useParams();
  const monsterId = Number(param);
  const valid = Number.isInteger(monsterId) && monsterId > 0;
  const { status, data: monster, error } = useAppSelector(selectMonster);

  useEffect(() => {
    if (valid) dispatch(monsterRequested({ monsterId }));
  }, [dispatch, monsterId, valid]);

  let body: ReactNode;
  let back = '/encounters';
  if (!valid) body = <ErrorState text={MONSTER_NOT_FOUND_TEXT} />;
  else if (status === 'failed') body = <ErrorState text={error ?? MONSTER_NOT_FOUND_TEXT} />;
  else if (status !== 'loaded' || !monster) body = <LoadingState label="Loading monster" />;
  else {
    // A minion goes back to its parent; a monster to its encounter's list.
    if (monster.parentMonsterId) back = `/monster/${monster.parentMonsterId}`;
    else if (monster.encounterId) back = `/monsters?encounterId=${monster.encounterId}`;
    body = (
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography variant="h3" component="h1" sx={{ fontSize: { xs: '2rem', md: '2.6rem' } }}>
          {monster.name}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 0.5 }}>
          Race: {monster.race || 'Unknown'}
          {monster.type && ` · ${monster.type}`}
        </Typography>
        {monster.lore && <Typography sx={{ mt: 2, fontStyle: 'italic' }}>{monster.lore}</Typography>}
        <Divider sx={{ mt: 2 }} />
        <NodeSection title="Attacks" nodes={monster.nodes.filter((n) => n.nodeTypeId === ATTACK)} />
        <NodeSection title="Passives" nodes={monster.nodes.filter((n) => n.nodeTypeId === PASSIVE)} />
        <Box component="section" aria-label="Minions" sx={{ mt: 3 }}>
          <Typography variant="h5" component="h2" gutterBottom>
            Minions
          </Typography>
          {monster.childMonsters.length === 0 ? (
            <Typography variant="body2" color="text.secondary">
              None revealed.
            </Typography>
          ) : (
            <Box component="ul" sx={{ m: 0, pl: 3 }}>
              {monster.childMonsters.map((child) => (
                <li key={child.monsterId}>
                  <TextLink to={`/monster/${child.monsterId}`}>{child.name}</TextLink>
                </li>
              ))}
            </Box>
          )}
        </Box>
      </Paper>
    );
  }

  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 6 } }}>
      {body}
      <Box sx={{ mt: 3 }}>
        <LinkButton to={back} variant="outlined">
          Back
        </LinkButton>
      </Box>
    </Container>
  );
}
