/** '1 student', '3 students': a class's size, or how many are chosen. */
export const studentCount = (n: number) => (n === 1 ? '1 student' : `${n} students`);
