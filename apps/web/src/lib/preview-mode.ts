import { useSyncExternalStore } from 'react';
import { PREVIEW_MODE_MESSAGE } from '@atelier/contract/common/error-catalogue';

type PreviewModeState = { isOpen: boolean; message: string };

let state: PreviewModeState = { isOpen: false, message: PREVIEW_MODE_MESSAGE };
const listeners = new Set<() => void>();

const setState = (next: PreviewModeState) => {
  state = next;
  for (const listener of listeners) listener();
};

/** Spec §8: a 403 with the preview-mode code raises this flag; the dialog shows the message. */
export const raisePreviewModeFlag = (message: string = PREVIEW_MODE_MESSAGE) =>
  setState({ isOpen: true, message });

export const clearPreviewModeFlag = () => setState({ ...state, isOpen: false });

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const usePreviewModeFlag = (): PreviewModeState =>
  useSyncExternalStore(subscribe, () => state);
