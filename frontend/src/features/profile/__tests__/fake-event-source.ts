/** A stand-in for the browser's EventSource (jsdom has none): tests open, emit and fail it by hand. */
export class FakeEventSource {
  static instances: FakeEventSource[] = [];
  readonly listeners = new Map<string, Array<(event: Event) => void>>();
  closed = false;

  constructor(readonly url: string) {
    FakeEventSource.instances.push(this);
  }

  addEventListener(type: string, listener: (event: Event) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }

  removeEventListener(type: string, listener: (event: Event) => void) {
    this.listeners.set(
      type,
      (this.listeners.get(type) ?? []).filter((l) => l !== listener),
    );
  }

  emit(type: string, data = '{}') {
    const event = Object.assign(new Event(type), { data });
    for (const listener of this.listeners.get(type) ?? []) listener(event);
  }

  close() {
    this.closed = true;
  }

  static latest(): FakeEventSource {
    const last = FakeEventSource.instances[FakeEventSource.instances.length - 1];
    if (!last) throw new Error('no EventSource was opened');
    return last;
  }

  static install() {
    beforeEach(() => {
      FakeEventSource.instances = [];
      (globalThis as { EventSource?: unknown }).EventSource = FakeEventSource;
    });
    afterEach(() => {
      delete (globalThis as { EventSource?: unknown }).EventSource;
    });
  }
}
