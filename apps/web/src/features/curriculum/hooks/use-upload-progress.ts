import { useCallback, useReducer } from 'react';
import {
  nextUploadState,
  type UploadListener,
  type UploadSignal,
  type UploadState,
} from '../lib/upload-progress';

const reduce = (state: UploadState | null, { signal, at }: { signal: UploadSignal; at: number }) =>
  nextUploadState(state, signal, at);

/**
 * A form's upload as it runs: `track` goes with the save (LessonInput.onUpload) and `progress` feeds
 * the UploadProgress bar. Each upload starts it afresh.
 */
export const useUploadProgress = () => {
  const [state, dispatch] = useReducer(reduce, null);
  const track = useCallback<UploadListener>((signal) => dispatch({ signal, at: performance.now() }), []);
  return { progress: state?.progress ?? null, track };
};
