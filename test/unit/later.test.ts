import { describe, expect, test, vi } from 'vitest';
import { afterPaint, oncePerFrame } from '../../src/later';

// Long enough for a few tasks in a row (each job is a task of its own, a timer in Node).
const nextTask = () => new Promise((done) => setTimeout(done, 20));

describe('work a change owes, after the frame that shows it (issue 33)', () => {
  test('nothing queued runs inside the change that queued it; all of it runs after it, in order', async () => {
    const ran: string[] = [];
    afterPaint(() => ran.push('summary'));
    afterPaint(() => ran.push('label'));
    expect(ran).toEqual([]);
    await nextTask();
    expect(ran).toEqual(['summary', 'label']);
  });

  test('each job runs in a task of its own: what one job leaves for its task (a promise it resolved) comes before the next job', async () => {
    const ran: string[] = [];
    afterPaint(() => {
      ran.push('save');
      void Promise.resolve().then(() => ran.push('save continued'));
    });
    afterPaint(() => ran.push('check'));
    await nextTask();
    expect(ran).toEqual(['save', 'save continued', 'check']);
  });

  test('a job queued by a running job waits for the next release, after the jobs already released', async () => {
    const ran: string[] = [];
    afterPaint(() => {
      ran.push('first');
      afterPaint(() => ran.push('queued by first'));
    });
    afterPaint(() => ran.push('second'));
    await nextTask();
    await nextTask();
    expect(ran).toEqual(['first', 'second', 'queued by first']);
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
