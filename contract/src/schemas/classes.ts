import { z } from 'zod';
import {
  defineSchemas,
  Id,
  NoPayload,
  nameText,
  Page,
  SuccessResponse,
  Timestamp,
} from './common.js';
import { StudentIds } from './recipients.js';

export const CLASSES_PAGE_SIZE = 50;
export const CLASS_STUDENTS_PAGE_SIZE = 50;
export const MAX_CLASS_NAME = 100;

const ClassName = nameText(MAX_CLASS_NAME, 'Please enter a class name.');

/** A teacher as a class names them. */
export const ClassTeacher = z.object({ id: Id, name: z.string() });

/** A class as the admin's lists show it. */
export const SchoolClass = z.object({
  id: Id,
  name: z.string(),
  is_archived: z.boolean(),
  student_count: z.number(),
  created_at: Timestamp,
  /** New (issue 29): who teaches it, by name. */
  teachers: z.array(ClassTeacher),
});

/** The most teachers one class may have. */
export const MAX_CLASS_TEACHERS = 20;

/** New (issue 29): an administrator gives a class its teachers (the whole list, replacing it). */
export const SetClassTeachersRequest = z.object({
  class_id: Id,
  teacher_ids: z
    .array(Id, { error: 'Please choose the teachers.' })
    .max(MAX_CLASS_TEACHERS, { error: `A class can have at most ${MAX_CLASS_TEACHERS} teachers.` })
    .refine((ids) => new Set(ids).size === ids.length, {
      error: 'Each teacher can be chosen once.',
    }),
});

/** New (issue 29): the active teachers, for the class page's choice of teachers. */
export const GetTeachersResponse = z.object({
  success: z.literal(true),
  teachers: z.array(ClassTeacher.extend({ username: z.string() })),
});

export const GetClassesRequest = z.object({
  /** Words in the name, any case. */
  q: z.string().trim().max(100).optional(),
  /** 'no' (the default): the classes in use; 'yes': the archived ones; 'all': both. */
  archived: z.enum(['no', 'yes', 'all'], { error: 'must be no, yes or all' }).default('no'),
  page: Page.default(1),
});
export const GetClassesResponse = z.object({
  success: z.literal(true),
  classes: z.array(SchoolClass),
  has_more: z.boolean(),
  page: z.number(),
  page_size: z.number(),
});

export const CreateClassRequest = z.object({ name: ClassName });
export const CreateClassResponse = SuccessResponse.extend({ class_id: Id });

export const UpdateClassRequest = z
  .object({
    class_id: Id,
    name: ClassName.optional(),
    archived: z.boolean().optional(),
  })
  .refine((v) => v.name !== undefined || v.archived !== undefined, {
    error: 'Nothing to change: send a new name or archived.',
  });

export const GetClassStudentsRequest = z.object({
  class_id: Id,
  /** Words in the student's name, username or e-mail. */
  q: z.string().trim().max(100).optional(),
  page: Page.default(1),
});
export const ClassStudent = z.object({
  id: Id,
  name: z.string(),
  username: z.string(),
  email: z.string(),
});
export const GetClassStudentsResponse = z.object({
  success: z.literal(true),
  class: SchoolClass,
  students: z.array(ClassStudent),
  has_more: z.boolean(),
  page: z.number(),
  page_size: z.number(),
});

export const ClassStudentsChange = z.object({ class_id: Id, user_ids: StudentIds });

export const GetStudentClassesRequest = z.object({ user_id: Id });
export const GetStudentClassesResponse = z.object({
  success: z.literal(true),
  classes: z.array(SchoolClass),
});

export const classSchemas = defineSchemas({
  getClasses: { request: GetClassesRequest, response: GetClassesResponse },
  createClass: { request: CreateClassRequest, response: CreateClassResponse },
  updateClass: { request: UpdateClassRequest, response: SuccessResponse },
  getClassStudents: { request: GetClassStudentsRequest, response: GetClassStudentsResponse },
  addClassStudents: { request: ClassStudentsChange, response: SuccessResponse },
  removeClassStudents: { request: ClassStudentsChange, response: SuccessResponse },
  getStudentClasses: { request: GetStudentClassesRequest, response: GetStudentClassesResponse },
  setClassTeachers: { request: SetClassTeachersRequest, response: SuccessResponse },
  getTeachers: { request: NoPayload, response: GetTeachersResponse },
});
