import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { type PushState, readPushState, turnPushOff, turnPushOn } from '../../api/push-device';
import { readStoredUser } from '../../api/session';

/** Push on this device for the person signed in: its state, and turning it on and off. */
export function usePush() {
  const userId = readStoredUser()?.id;
  const [state, setState] = useState<PushState>('checking');
  useEffect(() => {
    let current = true;
    readPushState(userId)
      .then((read) => current && setState(read))
      .catch(() => current && setState('unsupported'));
    return () => {
      current = false;
    };
  }, [userId]);
  const turnOn = useMutation({ mutationFn: () => turnPushOn(userId), onSuccess: setState });
  const turnOff = useMutation({
    mutationFn: () => turnPushOff(),
    onSuccess: () => setState('off'),
  });
  return { state, turnOn, turnOff };
}
