/** The host element's own style, inline and important, so that a shop's rules for its elements cannot move or dress it. */
export const HOST_STYLE = ['all: initial', 'display: block', 'position: fixed', 'right: 16px', 'bottom: 16px', 'z-index: 2147483647', 'border: 0', 'margin: 0', 'padding: 0']
  .map((rule) => `${rule} !important`)
  .join('; ');

/** The panel's styles, inside its shadow root: the shop's styles cannot reach it, nor its styles the shop. */
export const PANEL_STYLE = `
.panel { box-sizing: border-box; width: 300px; padding: 14px 16px; border-radius: 12px; background: #ffffff; color: #1f2937;
  border: 1px solid #d1d5db; box-shadow: 0 10px 30px rgba(15, 23, 42, 0.18); font: 14px/1.4 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
.head { display: flex; align-items: center; justify-content: space-between; margin-bottom: 8px; }
.brand { font-weight: 700; color: #4f46e5; letter-spacing: 0.01em; }
.close { all: unset; cursor: pointer; width: 24px; height: 24px; text-align: center; border-radius: 6px; color: #6b7280; font-size: 18px; line-height: 24px; }
.close:hover, .close:focus-visible { background: #f3f4f6; color: #111827; }
.title { margin: 0 0 8px; font-size: 13px; color: #4b5563; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.stores { margin: 0; font-weight: 600; }
.best { margin: 4px 0 0; }
.price { font-size: 20px; font-weight: 700; color: #111827; }
.saving { margin: 6px 0 0; display: inline-block; padding: 2px 8px; border-radius: 999px; background: #dcfce7; color: #166534; font-weight: 600; font-size: 13px; }
.saving.none { background: #f3f4f6; color: #374151; }
.actions { display: flex; gap: 8px; margin-top: 12px; flex-wrap: wrap; }
a, button.watch { all: unset; box-sizing: border-box; cursor: pointer; padding: 7px 12px; border-radius: 8px; font-weight: 600; font-size: 13px; text-align: center; }
a.primary { background: #4f46e5; color: #ffffff; }
a.secondary, button.watch { border: 1px solid #c7d2fe; color: #3730a3; background: #eef2ff; }
a:focus-visible, button:focus-visible, input:focus-visible { outline: 2px solid #4f46e5; outline-offset: 2px; }
form { display: flex; gap: 6px; margin-top: 8px; }
form[hidden] { display: none; }
input { box-sizing: border-box; flex: 1; min-width: 0; padding: 6px 8px; border: 1px solid #9ca3af; border-radius: 6px; font: inherit; }
.status { margin: 8px 0 0; font-size: 13px; color: #374151; }
.status:empty { display: none; }
.status.error { color: #b91c1c; }
`;
