import { keepFocusInside } from './focus-trap';
import { present } from '@pricehunt/contracts';

describe('keepFocusInside', () => {
  const dialog = () => {
    document.body.innerHTML = '<div id="d"><button id="a">A</button><button disabled>off</button><input id="b"><button id="c">C</button></div><button id="out">out</button>';
    return document.getElementById('d');
  };
  const tab = (shiftKey = false) => {
    const event = { key: 'Tab', shiftKey, preventDefault: jest.fn() };
    keepFocusInside(event, document.getElementById('d'));
    return event.preventDefault;
  };

  it('wraps Tab from the last element to the first and Shift+Tab from the first to the last', () => {
    dialog();
    present(document.getElementById('c')).focus();
    expect(tab()).toHaveBeenCalled();
    expect(document.activeElement?.id).toBe('a');
    expect(tab(true)).toHaveBeenCalled();
    expect(document.activeElement?.id).toBe('c');
  });

  it('leaves Tab inside the dialog and other keys to the browser', () => {
    dialog();
    present(document.getElementById('a')).focus();
    expect(tab()).not.toHaveBeenCalled();
    expect(document.activeElement?.id).toBe('a');
    const escape = { key: 'Escape', shiftKey: false, preventDefault: jest.fn() };
    keepFocusInside(escape, document.getElementById('d'));
    expect(escape.preventDefault).not.toHaveBeenCalled();
  });
});
