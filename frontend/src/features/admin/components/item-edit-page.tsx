import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Container from '@mui/material/Container';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { CATALOGUE_ITEM_TYPES, ITEM_RARITIES } from '@league/contracts/catalogue-constants';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { PageHeader } from '@/components/ui/page-header';
import { ErrorState, LoadingState } from '@/components/ui/page-states';
import type { CatalogueItem, CatalogueItemSummary } from '../api/admin-types';
import { getAdminItem } from '../api/get-admin-item';
import { postItem } from '../api/post-item';
import { flattenNodes, ITEM_SECTIONS, type EditNode } from '../node-rules';
import { useLoad } from '../use-load';
import { TextBlock, UnsavedMarker } from './admin-ui';
import { NodeSection } from './node-section';

/** A new item's defaults (spec §4). */
export function newItem(): CatalogueItem {
  return {
    itemId: 0,
    name: 'New Item',
    active: true,
    lore: '',
    rarity: '',
    type: '',
    requiredPhysique: 0,
    requiredCunning: 0,
    requiredSpirit: 0,
    requiredPlayerLevel: 94,
    itemLevel: 0,
    dropsFrom: '',
    nodes: [],
  };
}

const NUMBER_FIELDS = [
  ['requiredPhysique', 'Required Physique'],
  ['requiredCunning', 'Required Cunning'],
  ['requiredSpirit', 'Required Spirit'],
  ['requiredPlayerLevel', 'Required Player Level'],
  ['itemLevel', 'Item Level'],
] as const;

/** admin/item/new and admin/item/{itemId}: every field, then (once saved) the five node sections. */
export function ItemEditPage() {
  const param = useParams().itemId ?? 'new';
  const itemId = param === 'new' ? 0 : Number(param);
  const { status, data, error } = useLoad(
    () => (itemId === 0 ? Promise.resolve(newItem()) : getAdminItem(itemId)),
    [itemId],
  );
  if (status === 'loading') return <LoadingState label="Loading item" />;
  if (status === 'failed' || !data) return <ErrorState text={error ?? 'The item could not be loaded.'} />;
  return <ItemEditor key={data.itemId} initial={data} />;
}

function ItemEditor({ initial }: { initial: CatalogueItem }) {
  const navigate = useNavigate();
  const { nodes: initialNodes, ...initialFields } = initial;
  const [item, setItem] = useState<CatalogueItemSummary>(initialFields);
  const [dirty, setDirty] = useState(initial.itemId === 0);
  const [sections, setSections] = useState<Record<number, EditNode[]>>(() => {
    const byType: Record<number, EditNode[]> = {};
    for (const s of ITEM_SECTIONS) {
      byType[s.nodeTypeId] = flattenNodes(initialNodes.filter((n) => n.nodeTypeId === s.nodeTypeId));
    }
    return byType;
  });

  const edit = (next: Partial<CatalogueItemSummary>) => {
    setItem((current) => ({ ...current, ...next }));
    setDirty(true);
  };

  const save = async () => {
    try {
      const saved = await postItem(item);
      setDirty(false);
      if (item.itemId === 0) navigate(`/admin/item/${saved.itemId}`, { replace: true });
      else {
        const { nodes: _nodes, ...fields } = saved;
        setItem(fields);
      }
    } catch {
      // the Error modal has told the admin
    }
  };

  const actions = (
    <>
      <Button variant="outlined" onClick={() => navigate('/admin/items')}>
        Back
      </Button>
      <Button variant="contained" onClick={() => void save()}>
        Save
      </Button>
    </>
  );

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 6 } }}>
      <PageHeader title={item.itemId === 0 ? 'New Item' : item.name}>{actions}</PageHeader>
      <UnsavedMarker show={dirty} />
      <Paper variant="outlined" sx={{ p: 2, my: 2 }}>
        <Stack spacing={2}>
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
            <TextField
              label="Item Name"
              value={item.name}
              onChange={(e) => edit({ name: e.target.value })}
              sx={{ flex: 2 }}
            />
            <FormControlLabel
              control={<Checkbox checked={item.active} onChange={(e) => edit({ active: e.target.checked })} />}
              label="Active"
            />
            <TextField
              select
              label="Rarity"
              value={item.rarity}
              onChange={(e) => edit({ rarity: e.target.value as CatalogueItemSummary['rarity'] })}
              sx={{ flex: 1, minWidth: 150 }}
            >
              <MenuItem value="">-- None --</MenuItem>
              {ITEM_RARITIES.map((r) => (
                <MenuItem key={r} value={r}>
                  {r}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              label="Type"
              value={item.type}
              onChange={(e) => edit({ type: e.target.value as CatalogueItemSummary['type'] })}
              sx={{ flex: 1, minWidth: 180 }}
            >
              <MenuItem value="">-- None --</MenuItem>
              {CATALOGUE_ITEM_TYPES.map((t) => (
                <MenuItem key={t} value={t}>
                  {t}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
          <TextBlock label="Lore" value={item.lore} onChange={(e) => edit({ lore: e.target.value })} />
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
            {NUMBER_FIELDS.map(([field, label]) => (
              <TextField
                key={field}
                label={label}
                type="number"
                value={item[field]}
                onChange={(e) => edit({ [field]: Number(e.target.value) })}
                sx={{ flex: 1 }}
              />
            ))}
          </Stack>
          <TextBlock label="Drops From" value={item.dropsFrom} onChange={(e) => edit({ dropsFrom: e.target.value })} />
        </Stack>
      </Paper>
      {item.itemId !== 0 && (
        <Stack spacing={2}>
          {ITEM_SECTIONS.map((s) => (
            <NodeSection
              key={s.nodeTypeId}
              title={s.title}
              addLabel={s.addLabel}
              nodeTypeId={s.nodeTypeId}
              owner={{ itemId: item.itemId }}
              nodes={sections[s.nodeTypeId] ?? []}
              onChange={(nodes) => setSections((all) => ({ ...all, [s.nodeTypeId]: nodes }))}
              addOnlyWhenEmpty
            />
          ))}
        </Stack>
      )}
      <Stack direction="row" spacing={1} sx={{ mt: 3, justifyContent: 'flex-end' }}>
        {actions}
      </Stack>
    </Container>
  );
}
