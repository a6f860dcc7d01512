import {
  Bell,
  BellPlus,
  BellRing,
  CalendarCog,
  CalendarPlus,
  ClipboardList,
  FilePen,
  FileSpreadsheet,
  FolderCheck,
  GraduationCap,
  Inbox,
  KeyRound,
  Layers,
  LogOut,
  MailCheck,
  Mic,
  School,
  Send,
  UserX,
} from 'lucide-react';
import { paths } from '../../shared/paths';
import { Badge, Tile, TileGroup, TileGroups } from '../../ui';
import { countWords } from './use-admin-counts';

const ICON = 24;

/**
 * The teacher's screens (those staff share: issue 29), grouped as the administrator's
 * dashboard groups them, and their account. Each shows only their classes' students.
 */
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
        <Tile to={paths.sent} icon={<FolderCheck size={ICON} />} label="Sent Corrections" />
        <Tile to={paths.speakingAnswers} icon={<Mic size={ICON} />} label="Speaking" />
        <Tile
          to={paths.skillContent}
          icon={<GraduationCap size={ICON} />}
          label="Exams and Skill Builder"
        />
        <Tile to={paths.attendanceWarnings} icon={<UserX size={ICON} />} label="Absence Warnings" />
        <Tile
          to={paths.resultSheets}
          icon={<FileSpreadsheet size={ICON} />}
          label="Result Sheets"
        />
        <Tile to={paths.sendAssignment} icon={<Send size={ICON} />} label="Send Assignment" />
        <Tile
          to={paths.viewAssignments}
          icon={<ClipboardList size={ICON} />}
          label="View Assignments"
        />
        <Tile to={paths.sendSchedule} icon={<CalendarPlus size={ICON} />} label="Send Schedule" />
        <Tile
          to={paths.editStudentSchedule}
          icon={<CalendarCog size={ICON} />}
          label="Edit Student Schedule"
        />
        <Tile
          to={paths.studentLeitnerBox}
          icon={<Layers size={ICON} />}
          label="Student Leitner Box"
        />
      </TileGroup>
      <TileGroup heading="Messages">
        <Tile
          to={paths.sendNotification}
          icon={<BellPlus size={ICON} />}
          label="Send Notification"
        />
        <Tile to={paths.allNotifications} icon={<Bell size={ICON} />} label="All Notifications" />
        <Tile to={paths.sentItems} icon={<MailCheck size={ICON} />} label="Sent Items" />
      </TileGroup>
      <TileGroup heading="Your account">
        <Tile to={paths.changePassword} icon={<KeyRound size={ICON} />} label="Change Password" />
        <Tile to={paths.messageChoices} icon={<BellRing size={ICON} />} label="Message Choices" />
        <Tile onClick={onLogout} icon={<LogOut size={ICON} />} label="Logout" tone="danger" />
      </TileGroup>
    </TileGroups>
  );
}
