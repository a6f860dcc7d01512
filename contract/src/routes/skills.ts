import { defineRoutes } from './meta.js';

/** The exam and the Skill Builder items (reading, listening, story). */
export const skillRoutes = defineRoutes({
  getExam: { method: 'GET', path: '/api/get_exam.php', access: 'user', encoding: 'query' },
  updateAttempted: {
    method: 'POST',
    path: '/api/update_attempted.php',
    access: 'user',
    encoding: 'json',
    changes: ['skills'],
  },
  getReading: { method: 'GET', path: '/api/get_reading.php', access: 'user', encoding: 'query' },
  getListening: {
    method: 'GET',
    path: '/api/get_listening.php',
    access: 'user',
    encoding: 'query',
  },
  getStory: { method: 'GET', path: '/api/get_story.php', access: 'user', encoding: 'query' },
  updateReadingAttempted: {
    method: 'POST',
    path: '/api/update_reading_attempted.php',
    access: 'user',
    encoding: 'json',
    changes: ['skills'],
  },
  updateListeningAttempted: {
    method: 'POST',
    path: '/api/update_listening_attempted.php',
    access: 'user',
    encoding: 'json',
    changes: ['skills'],
  },
  updateStoryAttempted: {
    method: 'POST',
    path: '/api/update_story_attempted.php',
    access: 'user',
    encoding: 'json',
    changes: ['skills'],
  },

  // New: the admin side that runs them.
  /**
   * Exams, readings, listenings or stories, with who they are for and how many started. A
   * teacher's (issue 30, to mark their students' attempts): the items open to any of their
   * students, with only those students named and counted.
   */
  listSkillItems: {
    method: 'GET',
    path: '/api/skill_items.php',
    access: 'staff',
    encoding: 'query',
    lists: true,
  },
  /** Creates (no id) or updates an item; the file is an upload or a link. */
  saveSkillItem: {
    method: 'POST',
    path: '/api/save_skill_item.php',
    access: 'admin',
    encoding: 'multipart',
    changes: ['skills'],
  },
  deleteSkillItem: {
    method: 'POST',
    path: '/api/delete_skill_item.php',
    access: 'admin',
    encoding: 'json',
    changes: ['skills'],
  },
  /** Who started an item, and when, with each attempt's mark; a teacher's students only. */
  skillItemAttempts: {
    method: 'GET',
    path: '/api/skill_item_attempts.php',
    access: 'staff',
    encoding: 'query',
    lists: true,
  },
  /**
   * New (issue 30): a mark on a student's attempt at an item, out of the item's maximum, or
   * none; a teacher marks their classes' students only.
   */
  markSkillAttempt: {
    method: 'POST',
    path: '/api/mark_skill_attempt.php',
    access: 'staff',
    encoding: 'json',
    reach: { user_id: 'student' },
    changes: ['skills', 'notifications'],
  },
});
