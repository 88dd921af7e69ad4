import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { memo, useEffect, type ReactNode } from 'react';
import { useParams } from 'react-router-dom';
import { useAppDispatch, useDeferredSelector } from '@/app/hooks';
import { ErrorState } from '@/components/ui/page-states';
import { LinkButton } from '@/components/ui/query-link';
import { itemDetailRequested, selectItemDetail, type ItemsState } from '../items-slice';
import { ItemDisplayCard } from './item-display';
import '@/styles/prebuilt/item';

export const ITEM_NOT_FOUND_TEXT = 'This item does not exist or has not been revealed yet.';

const REQUIREMENTS = [
  ['Physique', 'requiredPhysique'],
  ['Cunning', 'requiredCunning'],
  ['Spirit', 'requiredSpirit'],
] as const;

const cardSx = { p: { xs: 2, sm: 3 }, bgcolor: 'rgba(0,0,0,0.35)' } as const;

/** The card's shape while the item loads: its name, type and a few stat lines. */
function ItemSkeleton() {
  return (
    <Paper variant="outlined" role="status" aria-label="Loading item" sx={cardSx}>
      <Skeleton variant="text" sx={{ fontSize: '2.125rem' }} width="70%" />
      <Skeleton variant="text" width="40%" />
      {[90, 75, 80, 60, 70].map((w) => (
        <Skeleton key={w} variant="text" width={`${w}%`} />
      ))}
    </Paper>
  );
}

export function ItemDetailPage() {
  const dispatch = useAppDispatch();
  const { itemId: param } = useParams();
  const itemId = Number(param);
  const valid = Number.isInteger(itemId) && itemId > 0;
  // Deferred: the item's card renders in slices once it arrives, not in one long task (useDeferredSelector).
  const detail = useDeferredSelector(selectItemDetail);

  useEffect(() => {
    if (valid) dispatch(itemDetailRequested({ itemId }));
  }, [dispatch, itemId, valid]);

  return <ItemDetailView valid={valid} detail={detail} />;
}

/** The page for one state of the item: memoised, so a store update not yet deferred renders nothing here. */
const ItemDetailView = memo(function ItemDetailView({
  valid,
  detail,
}: {
  valid: boolean;
  detail: ItemsState['detail'];
}) {
  const { status, item, stats, error } = detail;
  let body: ReactNode;
  if (!valid) body = <ErrorState text={ITEM_NOT_FOUND_TEXT} />;
  else if (status === 'failed') body = <ErrorState text={error ?? ITEM_NOT_FOUND_TEXT} />;
  else if (status !== 'loaded' || !item || !stats) body = <ItemSkeleton />;
  else {
    const requirements = REQUIREMENTS.filter(([, key]) => item[key] > 0);
    body = (
      <Paper variant="outlined" sx={cardSx}>
        <ItemDisplayCard
          display={stats.itemDisplay}
          itemStatLines={stats.statDetail.itemStatLines}
          completionStatLines={stats.statDetail.completionStatLines}
        />
        {requirements.length > 0 && (
          <Box component="section" aria-label="Requirements" sx={{ mt: 2 }}>
            <Typography variant="subtitle2" component="h2" color="primary.light">
              Requirements
            </Typography>
            {requirements.map(([label, key]) => (
              <Typography key={key} variant="body2">
                {item[key]} {label}
              </Typography>
            ))}
          </Box>
        )}
        {item.lore && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 2, fontStyle: 'italic' }}>
            {item.lore}
          </Typography>
        )}
        {item.dropsFrom && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            Drops from: {item.dropsFrom}
          </Typography>
        )}
      </Paper>
    );
  }

  // The way back comes first: below a card whose height is only known once the item has loaded, it would
  // move down when the card arrives.
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 3, md: 6 } }}>
      <Box sx={{ mb: 2 }}>
        <LinkButton to="/items" variant="outlined">
          All Items
        </LinkButton>
      </Box>
      {body}
    </Container>
  );
});
