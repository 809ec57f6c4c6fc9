import { describe, expect, test, vi } from 'vitest';
import { afterPaint, oncePerFrame } from '../../src/later';

const nextTask = () => new Promise((done) => setTimeout(done, 5));

describe('work a change owes, after the frame that shows it (issue 33)', () => {
  test('nothing queued runs inside the change that queued it; all of it runs in the next task, in order', async () => {
    const ran: string[] = [];
    afterPaint(() => ran.push('summary'));
    afterPaint(() => ran.push('label'));
    expect(ran).toEqual([]);
    await nextTask();
    expect(ran).toEqual(['summary', 'label']);
  });

  test('a burst of changes runs a once-per-frame check once, and the next change runs it again', async () => {
    const check = vi.fn();
    const onUpdate = oncePerFrame(check);
    onUpdate();
    onUpdate();
    onUpdate();
    await nextTask();
    expect(check).toHaveBeenCalledTimes(1);
    onUpdate();
    await nextTask();
    expect(check).toHaveBeenCalledTimes(2);
  });

  test('a job that throws does not keep the jobs queued behind it from running', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const ran: string[] = [];
    afterPaint(() => {
      throw new Error('broken');
    });
    afterPaint(() => ran.push('after'));
    await nextTask();
    expect(ran).toEqual(['after']);
    expect(errors).toHaveBeenCalled();
    errors.mockRestore();
  });
});
