import { For, Match, Show, Switch, createSignal, lazy, onCleanup } from 'solid-js';
import type { LinkStatus, TableLink } from '../../sync/link/tableLink';
import { CodeText, QrCode } from './QrCode';

const ScanCode = lazy(() => import('./ScanCode').then((m) => ({ default: m.ScanCode })));

type Step = { name: 'idle' } | { name: 'offer'; code: string } | { name: 'scan-offer' } | { name: 'answer'; code: string } | { name: 'working'; what: string };

/**
 * Asks for the camera before any peer connection exists: with camera permission Chromium offers the
 * phone's real addresses, without it a hotspot host may offer none at all (sync notes §2.3).
 */
async function askCamera(): Promise<void> {
  try {
    const stream = await navigator.mediaDevices?.getUserMedia({ video: true, audio: false });
    stream?.getTracks().forEach((t) => t.stop());
  } catch {
    // Refused or no camera: the text code still works; the link may then need the same Wi-Fi.
  }
}

const LINK_HELP = [
  'Both phones on the same Wi-Fi, or one phone\'s hotspot with the other joined to it.',
  'Allow camera access when asked: it also lets the phones find each other on a hotspot.',
  'Show a fresh code if a few minutes have passed.',
];

/** A pairing that failed: what went wrong, and what usually makes it work. */
export function LinkError(props: { message: string }) {
  return (
    <div class="alert" role="alert">
      <strong>{props.message}</strong>
      <ul><For each={LINK_HELP}>{(h) => <li>{h}</li>}</For></ul>
    </div>
  );
}

/** "Link phones": pair this phone with another by codes, no internet or server needed. */
export function LinkPhones(props: { link: TableLink }) {
  const [step, setStep] = createSignal<Step>({ name: 'idle' });
  const [error, setError] = createSignal<string>();
  // The link object lives as long as the open game: read once, then follow its events.
  // eslint-disable-next-line solid/reactivity
  const link = props.link;
  const [status, setStatus] = createSignal<LinkStatus>(link.status);
  onCleanup(link.onStatus(setStatus));

  const attempt = async (what: string, action: () => Promise<Step>) => {
    setError(undefined);
    setStep({ name: 'working', what });
    try {
      setStep(await action());
    } catch (e) {
      setError((e as Error).message);
      setStep({ name: 'idle' });
    }
  };
  function showCode() {
    return attempt('Preparing this phone\'s code…', async () => {
      await askCamera();
      return { name: 'offer', code: await link.createOffer() };
    });
  }
  /** A wrong answer (an old code, another game) keeps the code on screen and the camera scanning. */
  async function onAnswer(text: string): Promise<boolean> {
    try {
      await link.acceptAnswer(text);
      setError(undefined);
      setStep({ name: 'idle' });
      return true;
    } catch (e) {
      setError((e as Error).message);
      return false;
    }
  }
  function onOffer(text: string) {
    return attempt('Answering…', async () => ({ name: 'answer', code: await link.acceptOffer(text) }));
  }

  return (
    <section class="card" aria-labelledby="link-title">
      <h2 id="link-title">Link phones (no internet needed)</h2>
      <ul class="list" aria-label="Linked phones">
        <For each={status().links} fallback={<li class="muted">No phone linked yet.</li>}>
          {(l) => <li>{l.name || l.id}: {l.state === 'open' ? 'linked' : 'linking…'}</li>}
        </For>
      </ul>
      <Switch>
        <Match when={step().name === 'idle'}>
          <p class="muted">One phone shows its code, the other scans it and shows an answer, the first scans that.</p>
          <div class="row">
            <button type="button" class="primary" onClick={() => void showCode()}>Show my code</button>
            <button type="button" onClick={() => setStep({ name: 'scan-offer' })}>Scan a code</button>
          </div>
        </Match>
        <Match when={step().name === 'working' && (step() as { what: string }).what}>{(what) => <p role="status">{what()}</p>}</Match>
        <Match when={step().name === 'offer' && (step() as { code: string }).code}>
          {(code) => (
            <div class="stack">
              <p><strong>1.</strong> On the other phone: "Join a game" (or "Scan a code"), and scan this.</p>
              <QrCode text={code()} label="This phone's link code" />
              <CodeText id="link-offer" text={code()} label="Or copy this code to the other phone" />
              <p><strong>2.</strong> Then scan the answer the other phone shows.</p>
              <ScanCode label="Camera view for the other phone's answer" onResult={onAnswer} />
              <button type="button" onClick={() => setStep({ name: 'idle' })}>Cancel</button>
            </div>
          )}
        </Match>
        <Match when={step().name === 'scan-offer'}>
          <ScanCode label="Camera view for the other phone's link code" onResult={(t) => void onOffer(t)} />
          <button type="button" onClick={() => setStep({ name: 'idle' })}>Cancel</button>
        </Match>
        <Match when={step().name === 'answer' && (step() as { code: string }).code}>
          {(code) => <AnswerCode code={code()} onDone={() => setStep({ name: 'idle' })} />}
        </Match>
      </Switch>
      <Show when={error()}>{(m) => <LinkError message={m()} />}</Show>
      <Show when={status().rejected.length}>
        <p class="alert" role="alert">Refused {status().rejected.length} bad message(s) from a linked phone; the game here is intact.</p>
      </Show>
    </section>
  );
}

export function AnswerCode(props: { code: string; onDone?: () => void }) {
  return (
    <div class="stack">
      <p>Now show this answer to the first phone: it scans it, and the phones are linked.</p>
      <QrCode text={props.code} label="This phone's answer code" />
      <CodeText id="link-answer" text={props.code} label="Or copy this answer to the first phone" />
      <Show when={props.onDone}>{(done) => <button type="button" onClick={() => done()()}>Done</button>}</Show>
    </div>
  );
}
