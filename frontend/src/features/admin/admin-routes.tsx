import { Route, Routes } from 'react-router-dom';
import { NotFoundPage } from '@/app/shell/not-found-page';
// The admin leaderboard is the public page in its admin variant (spec §2: recognised by 'admin' in the
// address), not a copy; the page is in the eager bundle already, so the admin chunk only refers to it.
// eslint-disable-next-line no-restricted-imports
import { LeaderboardPage } from '@/features/seasons/components/leaderboard-page';
import { AdminGuard } from './components/admin-guard';
import { AdminHomePage } from './components/admin-home-page';
import { AdminEncountersPage } from './components/admin-encounters-page';
import { AdminItemsPage } from './components/admin-items-page';
import { AdminMonstersPage } from './components/admin-monsters-page';
import { CharacterDataPage } from './components/character-data-page';
import { DuplicatesPage } from './components/duplicates-page';
import { ChatPage } from './components/chat-page';
import { ChatUserPage } from './components/chat-user-page';
import { FilesPage } from './components/files-page';
import { ItemEditPage } from './components/item-edit-page';
import { MonsterEditPage } from './components/monster-edit-page';
import { SeasonDetailPage } from './components/season-detail-page';

/** Every admin/* route, behind the admin guard. Loaded lazily: its own chunk. */
export function AdminRoutes() {
  return (
    <AdminGuard>
      <Routes>
        <Route index element={<AdminHomePage />} />
        <Route path="season-list" element={<AdminHomePage />} />
        <Route path="season-detail/:seasonId" element={<SeasonDetailPage />} />
        <Route path="leaderboard/:seasonId" element={<LeaderboardPage />} />
        <Route path="participant/:participantId/characterdata" element={<CharacterDataPage />} />
        <Route path="files/:branch" element={<FilesPage />} />
        <Route path="items" element={<AdminItemsPage />} />
        <Route path="item/:itemId" element={<ItemEditPage />} />
        <Route path="encounters" element={<AdminEncountersPage />} />
        <Route path="monsters" element={<AdminMonstersPage />} />
        <Route path="monster/:monsterId" element={<MonsterEditPage />} />
        <Route path="chat" element={<ChatPage />} />
        <Route path="chat/user/:username" element={<ChatUserPage />} />
        <Route path="duplicates" element={<DuplicatesPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </AdminGuard>
  );
}
