import { describe, expect, it } from 'vitest';
import { playOrMute } from './play-or-mute';

describe('playOrMute', () => {
  const media = (answers: Array<'ok' | 'NotAllowedError' | 'AbortError' | 'hang'>) => {
    const calls: string[] = [];
    return {
      calls,
      play: () => {
        calls.push('play');
        const answer = answers.shift() ?? 'ok';
        if (answer === 'ok') return Promise.resolve();
        if (answer === 'hang') return new Promise<void>(() => {});
        return Promise.reject(Object.assign(new Error(answer), { name: answer }));
      },
      setMuted: (muted: boolean) => void calls.push(`muted=${muted}`),
    };
  };

  it('sound, muted, blocked', async () => {
    expect(await playOrMute(media(['ok']), { muted: false })).toBe('sound');
    const refused = media(['NotAllowedError', 'ok']);
    expect(await playOrMute(refused, { muted: false })).toBe('muted');
    expect(refused.calls).toEqual(['play', 'muted=true', 'play']);
    const blocked = media(['NotAllowedError', 'NotAllowedError']);
    expect(await playOrMute(blocked, { muted: false })).toBe('blocked');
    expect(blocked.calls).toEqual(['play', 'muted=true', 'play', 'muted=false']);
  });

  it('gives up without muting when told to (the app started meanwhile)', async () => {
    const refused = media(['NotAllowedError']);
    expect(await playOrMute(refused, { muted: false, mayRetry: () => false })).toBeNull();
    expect(refused.calls).toEqual(['play']);
  });

  it('an error that is no refusal passes through; a play that never settles leaves the outcome open', async () => {
    await expect(playOrMute(media(['AbortError']), { muted: false })).rejects.toMatchObject({ name: 'AbortError' });
    let settled = false;
    void playOrMute(media(['hang']), { muted: false }).then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
  });
});
