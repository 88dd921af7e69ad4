import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { branchChanged, selectBranch, selectCanToggleBranch } from '@/features/auth/auth-slice';
import type { Branch } from '@/lib/branch';
import { useAppDispatch, useAppSelector } from '../hooks';

// Phones keep the toggle in the drawer; the toolbar has no room for it next to the account buttons.
const phoneScreen = '@media (max-width: 599.95px)';

/** prod / beta, for testers and admins only (spec §4, §6); the choice is kept in the branch cookie. */
export default function BranchToggle({ inToolbar = false }: { inToolbar?: boolean }) {
  const dispatch = useAppDispatch();
  const canToggle = useAppSelector(selectCanToggleBranch);
  const branch = useAppSelector(selectBranch);
  if (!canToggle) return null;
  return (
    <ToggleButtonGroup
      exclusive
      size="small"
      color="primary"
      aria-label="Branch"
      value={branch}
      onChange={(_event, next: Branch | null) => {
        if (next && next !== branch) dispatch(branchChanged(next));
      }}
      sx={{ flexShrink: 0, ...(inToolbar ? { [phoneScreen]: { display: 'none' } } : {}) }}
    >
      <ToggleButton value="prod" sx={{ py: 0.25, px: 1 }}>
        Prod
      </ToggleButton>
      <ToggleButton value="beta" sx={{ py: 0.25, px: 1 }}>
        Beta
      </ToggleButton>
    </ToggleButtonGroup>
  );
}
