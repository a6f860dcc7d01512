import { useQuery } from '@tanstack/react-query';
import { call } from '../../api/client';

/** The academy's active students, by name: what every admin picker offers (user_list.php). */
export function useStudents() {
  return useQuery({ queryKey: ['users', 'students'], queryFn: () => call('userList', {}) });
}
