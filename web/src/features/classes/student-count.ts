/** How many students, in words: "1 student", "12 students". */
export const studentCount = (n: number) => (n === 1 ? '1 student' : `${n} students`);
