import { useCallback, useEffect, useRef, useState } from 'react';
import type { UploadedFile } from '@atelier/contract/files/file';
import { isApiError } from '@/lib/api-error';
import { uploadChatFile } from './api/file-transfer';
import type { ChatClient } from './chat-client';

/** Spec contract: a message carries at most 10 files. */
const MAX_FILES_PER_MESSAGE = 10;

/** A file picked or dropped for the next message, uploading or uploaded (or refused). */
export type DraftAttachment = {
  key: string;
  name: string;
  sizeBytes: number;
  /** Share uploaded, 0 to 1. */
  progress: number;
  status: 'uploading' | 'uploaded' | 'rejected';
  uploaded: UploadedFile | null;
  /** The server's reason for refusing the file. */
  error: string | null;
};

let nextKey = 0;

/**
 * The files of the message being written. Each uploads as soon as it is added, with its
 * progress; a file the server refuses keeps its message on screen and is never attached.
 */
export const useDraftAttachments = (client: ChatClient) => {
  const [attachments, setAttachments] = useState<DraftAttachment[]>([]);
  const uploads = useRef(new Map<string, AbortController>());

  const patch = useCallback((key: string, change: Partial<DraftAttachment>) => {
    setAttachments((items) =>
      items.map((item) => (item.key === key ? { ...item, ...change } : item)),
    );
  }, []);

  const startUpload = useCallback(
    (key: string, file: File) => {
      const controller = new AbortController();
      uploads.current.set(key, controller);
      uploadChatFile(client, file, {
        signal: controller.signal,
        onProgress: (progress) => patch(key, { progress }),
      })
        .then((uploaded) => patch(key, { status: 'uploaded', progress: 1, uploaded }))
        .catch((error: unknown) => {
          if (controller.signal.aborted) return;
          patch(key, {
            status: 'rejected',
            error: isApiError(error) ? error.message : 'The file could not be uploaded.',
          });
        })
        .finally(() => uploads.current.delete(key));
    },
    [client, patch],
  );

  const add = (files: readonly File[]) => {
    let room =
      MAX_FILES_PER_MESSAGE - attachments.filter((item) => item.status !== 'rejected').length;
    const added = files.map((file): DraftAttachment => {
      nextKey += 1;
      const base = {
        key: `draft-${nextKey}`,
        name: file.name,
        sizeBytes: file.size,
        progress: 0,
        uploaded: null,
      };
      if (room <= 0) {
        return {
          ...base,
          status: 'rejected',
          error: `Attach at most ${MAX_FILES_PER_MESSAGE} files to one message.`,
        };
      }
      room -= 1;
      startUpload(base.key, file);
      return { ...base, status: 'uploading', error: null };
    });
    setAttachments((items) => [...items, ...added]);
  };

  const remove = useCallback((key: string) => {
    uploads.current.get(key)?.abort();
    setAttachments((items) => items.filter((item) => item.key !== key));
  }, []);

  /** Empties the draft after sending (uploads still running stay). */
  const clear = useCallback(() => {
    setAttachments((items) => items.filter((item) => item.status === 'uploading'));
  }, []);

  // Leaving the conversation cancels uploads still running.
  useEffect(() => {
    const running = uploads.current;
    return () => {
      for (const controller of running.values()) controller.abort();
    };
  }, []);

  const uploaded = attachments.flatMap((item) => (item.uploaded ? [item.uploaded] : []));
  return {
    attachments,
    uploaded,
    isUploading: attachments.some((item) => item.status === 'uploading'),
    add,
    remove,
    clear,
  };
};
