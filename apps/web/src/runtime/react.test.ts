// The hooks src/runtime/react.ts adds to Preact, run on Preact itself (the unit tests otherwise run the
// app on React DOM: docs/decisions/048).

import type { ComponentChild } from 'preact';
import {
  Component,
  createContext,
  createPortal,
  createElement as h,
  render,
  Suspense,
  unmountComponentAtNode,
  useState,
} from 'preact/compat';
import { act } from 'preact/test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import { use, useId, useOptimistic } from './react';

let box: HTMLDivElement;
const mount = (element: ComponentChild) => {
  box = document.createElement('div');
  document.body.append(box);
  void act(() => {
    render(element, box);
  });
};

afterEach(() => {
  void act(() => {
    unmountComponentAtNode(box);
  });
  box.remove();
});

/** Settles after the current task: what a fetch's promise does. */
const later = <T>(settle: (resolve: (value: T) => void, reject: (reason: unknown) => void) => void) =>
  new Promise<T>((resolve, reject) => setTimeout(() => settle(resolve, reject)));

class Boundary extends Component<{ children?: unknown }, { error?: string }> {
  override state: { error?: string } = {};
  override componentDidCatch(error: unknown) {
    this.setState({ error: (error as Error).message });
  }
  override render() {
    return this.state.error ? h('p', null, `failed: ${this.state.error}`) : (this.props.children as never);
  }
}

describe('use', () => {
  it('suspends while a promise is pending, then shows what it resolved to', async () => {
    const title = later<string>((resolve) => resolve('Knots and splices'));
    const Title = () => h('h1', null, use(title));
    mount(h(Suspense, { fallback: h('p', null, 'Loading…') }, h(Title, null)));
    expect(box.textContent).toBe('Loading…');
    await act(async () => {
      await title;
      await new Promise((resolve) => setTimeout(resolve));
    });
    expect(box.textContent).toBe('Knots and splices');
  });

  it('throws a rejected promise’s reason to the nearest error boundary', async () => {
    const refused = later<string>((_resolve, reject) => reject(new Error('not enrolled')));
    refused.catch(() => undefined);
    const Title = () => h('h1', null, use(refused));
    mount(h(Boundary, null, h(Suspense, { fallback: h('p', null, 'Loading…') }, h(Title, null))));
    await act(async () => {
      await refused.catch(() => undefined);
      await new Promise((resolve) => setTimeout(resolve));
    });
    expect(box.textContent).toBe('failed: not enrolled');
  });

  it('reads a context', () => {
    const Theme = createContext('light');
    const Shown = () => h('span', null, use(Theme));
    mount(h(Theme.Provider, { value: 'dark' }, h(Shown, null)));
    expect(box.textContent).toBe('dark');
  });
});

describe('useOptimistic', () => {
  it('shows the optimistic value until the value passed in changes', () => {
    let setSaved: (value: number) => void = () => undefined;
    let addOptimistic: (step: number) => void = () => undefined;
    const Counter = () => {
      const [saved, save] = useState(1);
      const [shown, add] = useOptimistic(saved, (current: number, step: number) => current + step);
      setSaved = save;
      addOptimistic = add;
      return h('output', null, String(shown));
    };
    mount(h(Counter, null));
    expect(box.textContent).toBe('1');
    void act(() => addOptimistic(2));
    expect(box.textContent).toBe('3');
    void act(() => addOptimistic(2));
    expect(box.textContent).toBe('5');
    void act(() => setSaved(10));
    expect(box.textContent).toBe('10');
  });

  it('without a reducer shows the value given', () => {
    let addOptimistic: (value: string) => void = () => undefined;
    const Name = () => {
      const [shown, add] = useOptimistic('Robin');
      addOptimistic = add;
      return h('span', null, shown);
    };
    mount(h(Name, null));
    void act(() => addOptimistic('Robin Reader'));
    expect(box.textContent).toBe('Robin Reader');
  });
});

describe('useId', () => {
  it('gives ids unique on the page, a portal’s as well, and keeps each for the component’s life', () => {
    // The shape of the app's dialogs: a dialog drawn through a portal, named by its heading's id and
    // holding fields that each name their input by an id, opened before the page's own fields asked for
    // theirs. Preact's own useId gave the portal a count of its own here, from the same start.
    const Field = () => h('input', { id: useId() });
    const DialogBody = () => {
      const title = useId();
      return h(
        'section',
        { 'aria-labelledby': title },
        h('h2', { id: title }),
        h(Field, null),
        h(Field, null),
      );
    };
    const dialog = document.createElement('div');
    document.body.append(dialog);
    let rerender: () => void = () => undefined;
    const Page = () => {
      const [count, setCount] = useState(0);
      rerender = () => setCount(count + 1);
      return h('main', null, createPortal(h(DialogBody, null), dialog), h(Field, null), h(Field, null));
    };
    mount(h(Page, null));
    const read = () => [...document.querySelectorAll('[id]')].map((element) => element.id);
    const first = read();
    expect(first).toHaveLength(5);
    expect(new Set(first).size).toBe(5);
    void act(() => rerender());
    expect(read()).toEqual(first);
    dialog.remove();
  });
});
