import { defineRoutes } from './meta.js';

export const flashcardRoutes = defineRoutes({
  getCardsToReview: {
    method: 'GET',
    path: '/api/get_cards_to_review.php',
    access: 'user',
    encoding: 'query',
  },
  getCards: { method: 'GET', path: '/api/get_cards.php', access: 'user', encoding: 'query' },
  updateCard: {
    method: 'POST',
    path: '/api/update_card.php',
    access: 'user',
    encoding: 'json',
    changes: ['cards'],
  },
  addCard: {
    method: 'POST',
    path: '/api/add_card.php',
    access: 'user',
    encoding: 'json',
    // A teacher's card tells the student (issue 27).
    changes: ['cards', 'notifications'],
    teacherWrites: true,
  },
  getUserCards: {
    method: 'POST',
    path: '/api/get_user_cards.php',
    access: 'user',
    encoding: 'json',
    readsOnly: true,
  },
  /** A teacher may edit their student's card too (the cards made from a spoken answer). */
  studentUpdateCard: {
    method: 'POST',
    path: '/api/student_update_card.php',
    access: 'user',
    encoding: 'json',
    changes: ['cards'],
    teacherWrites: true,
  },
  /** A teacher may delete their student's card too (the cards made from a spoken answer). */
  deleteCard: {
    method: 'POST',
    path: '/api/delete_card.php',
    access: 'user',
    encoding: 'json',
    changes: ['cards'],
    teacherWrites: true,
  },
  getAllUsersCards: {
    method: 'GET',
    path: '/api/get_allusers_cards.php',
    access: 'staff',
    reach: { user_id: 'student' },
    lists: true,
    encoding: 'query',
    errorShape: 'error',
  },
  /** New: the students who have cards, with counts, for the Student Leitner Box's groups. */
  cardOwners: {
    method: 'GET',
    path: '/api/flashcard_owners.php',
    access: 'staff',
    lists: true,
    encoding: 'query',
  },
  /**
   * New: the Leitner chart's counts (cards per level, due today and this week, this week's
   * answers, the run of days practised) for the caller, or for any student (admin).
   */
  getLeitnerProgress: {
    method: 'GET',
    path: '/api/get_leitner_progress.php',
    access: 'user',
    encoding: 'query',
  },
});
