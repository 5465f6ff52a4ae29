/** Spying on the real spill store's saves: wrapping each with a test's own step, or recording what each returned. */
import { vi } from 'vitest';
import type { SaveTextSpill, SpillRef } from '@deepseek-ai/dsh-spill';
import type { Host } from './host.ts';

/** Wraps the real store's saveText; `around` gets the input and the real save. */
export function wrapSave(
  host: Host,
  around: (input: SaveTextSpill, real: (input: SaveTextSpill) => Promise<SpillRef>) => Promise<SpillRef>,
) {
  const store = host.ctx.spillStore;
  const real = store.saveText.bind(store);
  return vi.spyOn(store, 'saveText').mockImplementation((input) => around(input, real));
}

/** Spy on the real saveText, keeping the real behaviour, and record what it returned. */
export function recordSaves(host: Host) {
  const returned: SpillRef[] = [];
  const spy = wrapSave(host, async (input, real) => {
    const ref = await real(input);
    returned.push(ref);
    return ref;
  });
  return { spy, returned };
}
