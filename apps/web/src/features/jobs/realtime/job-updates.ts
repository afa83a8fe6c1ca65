import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { io, type Socket } from 'socket.io-client';
import { SOCKET_IO_PATH } from '@atelier/contract/chat/realtime';
import { JOB_UPDATED_SOCKET_EVENT, JobSchema } from '@atelier/contract/jobs/job';
import { browserTokenStore } from '@/lib/session-token';
import { storeJob } from '../api/job-queries';

type Listener = () => void;

/**
 * One Socket.IO connection for live job updates (`job:updated`), open only while a screen
 * that shows jobs is open. Each update goes straight into the query cache; polling covers the time
 * it is not connected.
 */
const createJobUpdates = () => {
  let socket: Socket | null = null;
  let users = 0;
  let isConnected = false;
  let releaseTimer: ReturnType<typeof setTimeout> | undefined;
  const listeners = new Set<Listener>();

  const setConnected = (value: boolean) => {
    if (isConnected === value) return;
    isConnected = value;
    for (const listener of listeners) listener();
  };

  const open = (queryClient: ReturnType<typeof useQueryClient>) => {
    const target = io({
      path: SOCKET_IO_PATH,
      // Read at every attempt, so a reconnect carries a renewed token.
      auth: (send) => send({ token: browserTokenStore.getToken() ?? '' }),
      reconnectionDelayMax: 10_000,
    });
    target.on('connect', () => setConnected(true));
    target.on('disconnect', () => setConnected(false));
    target.on(JOB_UPDATED_SOCKET_EVENT, (payload: unknown) => {
      const parsed = JobSchema.safeParse(payload);
      if (parsed.success) storeJob(queryClient, parsed.data);
    });
    socket = target;
  };

  return {
    acquire(queryClient: ReturnType<typeof useQueryClient>) {
      clearTimeout(releaseTimer);
      users += 1;
      if (!socket && browserTokenStore.getToken()) open(queryClient);
    },
    release() {
      users -= 1;
      if (users > 0) return;
      // A screen that unmounts and another that mounts right after keep the same socket.
      releaseTimer = setTimeout(() => {
        if (users > 0) return;
        socket?.removeAllListeners();
        socket?.disconnect();
        socket = null;
        setConnected(false);
      }, 1_000);
    },
    subscribe: (listener: Listener) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    isConnected: () => isConnected,
  };
};

const jobUpdates = createJobUpdates();

/**
 * Live job updates while `isWanted` (a screen showing jobs is open). Returns whether they
 * are connected, so polling can slow down.
 */
export const useJobUpdates = (isWanted: boolean): boolean => {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!isWanted) return;
    jobUpdates.acquire(queryClient);
    return () => jobUpdates.release();
  }, [isWanted, queryClient]);
  const isConnected = useSyncExternalStore(jobUpdates.subscribe, jobUpdates.isConnected);
  return isWanted && isConnected;
};
