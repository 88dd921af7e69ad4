import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Container from '@mui/material/Container';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { PageHeader } from '@/components/ui/page-header';
import { ErrorState, LoadingState } from '@/components/ui/page-states';
import type { Monster, MonsterSummary } from '../api/admin-types';
import { getAdminMonster } from '../api/get-admin-monster';
import { postMonster } from '../api/post-monster';
import { flattenNodes, MONSTER_SECTIONS, type EditNode } from '../node-rules';
import { useLoad } from '../use-load';
import { PlainLink, TextBlock, UnsavedMarker } from './admin-ui';
import { NodeSection } from './node-section';

/** A new monster's defaults (spec §4). */
export function newMonster(encounterId: number | null): Monster {
  return {
    monsterId: 0,
    name: 'New Monster',
    race: '',
    type: '',
    lore: '',
    active: true,
    encounterId,
    parentMonsterId: null,
    childMonsters: [],
    nodes: [],
  };
}

/** A new minion of a monster (spec §4). */
export function newMinion(parent: MonsterSummary): MonsterSummary {
  return {
    monsterId: 0,
    name: `${parent.name} minion`,
    race: '',
    type: '',
    lore: '',
    active: true,
    encounterId: parent.encounterId,
    parentMonsterId: parent.monsterId,
  };
}

const summaryOf = ({ childMonsters: _c, nodes: _n, ...fields }: Monster): MonsterSummary => fields;

/** admin/monster/new?encounterId= and admin/monster/{monsterId}. */
export function MonsterEditPage() {
  const param = useParams().monsterId ?? 'new';
  const [search] = useSearchParams();
  const monsterId = param === 'new' ? 0 : Number(param);
  const encounterParam = search.get('encounterId');
  const encounterId = encounterParam && /^\d+$/.test(encounterParam) ? Number(encounterParam) : null;
  const { status, data, error, reload } = useLoad(
    () => (monsterId === 0 ? Promise.resolve(newMonster(encounterId)) : getAdminMonster(monsterId)),
    [monsterId, encounterId],
  );
  if (status === 'loading' && !data) return <LoadingState label="Loading monster" />;
  if (status === 'failed' || !data) return <ErrorState text={error ?? 'The monster could not be loaded.'} />;
  return <MonsterEditor key={`${data.monsterId}-${data.childMonsters.length}`} initial={data} reload={reload} />;
}

function MonsterEditor({ initial, reload }: { initial: Monster; reload: () => Promise<void> }) {
  const navigate = useNavigate();
  const [monster, setMonster] = useState<MonsterSummary>(summaryOf(initial));
  const [dirty, setDirty] = useState(initial.monsterId === 0);
  const [sections, setSections] = useState<Record<number, EditNode[]>>(() => {
    const byType: Record<number, EditNode[]> = {};
    for (const s of MONSTER_SECTIONS) {
      byType[s.nodeTypeId] = flattenNodes(initial.nodes.filter((n) => n.nodeTypeId === s.nodeTypeId));
    }
    return byType;
  });

  const edit = (next: Partial<MonsterSummary>) => {
    setMonster((current) => ({ ...current, ...next }));
    setDirty(true);
  };

  const save = async () => {
    try {
      const saved = await postMonster(monster);
      setDirty(false);
      if (monster.monsterId === 0) navigate(`/admin/monster/${saved.monsterId}`, { replace: true });
      else setMonster(summaryOf(saved));
    } catch {
      // the Error modal has told the admin
    }
  };

  const addMinion = async () => {
    try {
      await postMonster(newMinion(monster));
      await reload();
    } catch {
      // the Error modal has told the admin
    }
  };

  const back = () =>
    navigate(
      monster.parentMonsterId
        ? `/admin/monster/${monster.parentMonsterId}`
        : monster.encounterId
          ? `/admin/monsters?encounterId=${monster.encounterId}`
          : '/admin/encounters',
    );

  const actions = (
    <>
      <Button variant="outlined" onClick={back}>
        Back
      </Button>
      <Button variant="contained" onClick={() => void save()}>
        Save
      </Button>
    </>
  );

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 6 } }}>
      <PageHeader title={monster.monsterId === 0 ? 'New Monster' : monster.name}>{actions}</PageHeader>
      <UnsavedMarker show={dirty} />
      <Paper variant="outlined" sx={{ p: 2, my: 2 }}>
        <Stack spacing={2}>
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
            <TextField
              label="Monster Name"
              value={monster.name}
              onChange={(e) => edit({ name: e.target.value })}
              sx={{ flex: 2 }}
            />
            <FormControlLabel
              control={<Checkbox checked={monster.active} onChange={(e) => edit({ active: e.target.checked })} />}
              label="Active"
            />
            <TextField label="Race" value={monster.race} onChange={(e) => edit({ race: e.target.value })} />
            <TextField label="Type" value={monster.type} onChange={(e) => edit({ type: e.target.value })} />
          </Stack>
          <TextBlock label="Lore" value={monster.lore} onChange={(e) => edit({ lore: e.target.value })} />
        </Stack>
      </Paper>
      {monster.monsterId !== 0 && (
        <Stack spacing={2}>
          {MONSTER_SECTIONS.map((s) => (
            <NodeSection
              key={s.nodeTypeId}
              title={s.title}
              addLabel={s.addLabel}
              nameLabel={s.nameLabel}
              nodeTypeId={s.nodeTypeId}
              owner={{ monsterId: monster.monsterId }}
              nodes={sections[s.nodeTypeId] ?? []}
              onChange={(nodes) => setSections((all) => ({ ...all, [s.nodeTypeId]: nodes }))}
              addOnlyWhenEmpty={false}
            />
          ))}
          <Paper component="section" aria-label="Minions" variant="outlined" sx={{ p: 2 }}>
            <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 1 }}>
              <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>
                Minions
              </Typography>
              <Button variant="outlined" onClick={() => void addMinion()}>
                Add Minion
              </Button>
            </Stack>
            {initial.childMonsters.length === 0 ? (
              <Typography color="text.secondary">No minions.</Typography>
            ) : (
              <Stack component="ul" sx={{ pl: 2, m: 0 }}>
                {initial.childMonsters.map((m) => (
                  <li key={m.monsterId}>
                    <PlainLink to={`/admin/monster/${m.monsterId}`}>{m.name}</PlainLink>
                  </li>
                ))}
              </Stack>
            )}
          </Paper>
        </Stack>
      )}
      <Stack direction="row" spacing={1} sx={{ mt: 3, justifyContent: 'flex-end' }}>
        {actions}
      </Stack>
    </Container>
  );
}
