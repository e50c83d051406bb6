// The photo a form's file field holds, made ready to send as soon as it is chosen (lib/photo-to-send.ts):
// the file itself, a smaller JPEG of it, or why it cannot go. A letter's and a progress report's forms.
import { useState } from 'react';
import { type PhotoRules, photoToSend } from './photo-to-send';

/** The chosen file, then the file to send or the refusal; neither while it is being redrawn. */
export interface ChosenPhoto {
  chosen: File;
  ready?: File;
  problem?: string;
}

export function useChosenPhoto(rules: PhotoRules) {
  const [photo, setPhoto] = useState<ChosenPhoto | null>(null);
  const choose = async (file: File | null) => {
    setPhoto(file && { chosen: file });
    if (!file) return;
    const ready = await photoToSend(file, rules);
    const outcome = 'refusal' in ready ? { problem: ready.refusal } : { ready: ready.photo };
    // Kept only if no other file was chosen meanwhile.
    setPhoto((now) => (now?.chosen === file ? { chosen: file, ...outcome } : now));
  };
  /** True while the photo is being redrawn: the form waits before sending. */
  const preparing = photo != null && !photo.ready && !photo.problem;
  return { photo, choose, clear: () => setPhoto(null), preparing };
}
