import { BellPlus, FilePen, Inbox, KeyRound, LogOut, Mic, School, Send, UserX } from 'lucide-react';
import { paths } from '../../shared/paths';
import { Badge, Tile, TileGroup, TileGroups } from '../../ui';
import { countWords } from './use-admin-counts';

const ICON = 24;

/** The teacher's screens (those staff share: issue 29) and their account, as the other homes offer them. */
export function TeacherTiles({
  newSubmissions = 0,
  onLogout,
}: {
  newSubmissions?: number;
  onLogout: () => void;
}) {
  return (
    <TileGroups label="Teacher screens">
      <TileGroup heading="Teaching">
        <Tile to={paths.classes} icon={<School size={ICON} />} label="Classes" />
        <Tile
          to={paths.inbox}
          icon={<Inbox size={ICON} />}
          label="Inbox"
          corner={
            <Badge
              count={newSubmissions}
              label={countWords(newSubmissions, 'new hand-in', 'new hand-ins')}
            />
          }
        />
        <Tile
          to={paths.studentsCorrection}
          icon={<FilePen size={ICON} />}
          label="Students Correction"
        />
        <Tile to={paths.speakingAnswers} icon={<Mic size={ICON} />} label="Speaking" />
        <Tile to={paths.attendanceWarnings} icon={<UserX size={ICON} />} label="Absence Warnings" />
        <Tile to={paths.sendAssignment} icon={<Send size={ICON} />} label="Send Assignment" />
        <Tile
          to={paths.sendNotification}
          icon={<BellPlus size={ICON} />}
          label="Send Notification"
        />
      </TileGroup>
      <TileGroup heading="Your account">
        <Tile to={paths.changePassword} icon={<KeyRound size={ICON} />} label="Change Password" />
        <Tile onClick={onLogout} icon={<LogOut size={ICON} />} label="Logout" tone="danger" />
      </TileGroup>
    </TileGroups>
  );
}
