const DISPLAY_NAME = Symbol.for('fastify.display-name');

/**
 * Gives a Fastify plugin a name (its function's, unless told), as `fastify-plugin` does for the plugins it wraps; a
 * plugin already named keeps its name. Fastify names a plugin that has none by looking for it among the exports of
 * every loaded module, twice at every registration: under Jest's module registry that search was a third of the CPU an
 * app took to build.
 */
export function named<Plugin extends (...args: never[]) => unknown>(plugin: Plugin, name?: string): Plugin {
  if (Object.hasOwn(plugin, DISPLAY_NAME)) return plugin;
  const chosen = name ?? plugin.name;
  if (!chosen) throw new Error('named: the plugin has no name; give one');
  Object.defineProperty(plugin, DISPLAY_NAME, { value: chosen, configurable: true });
  return plugin;
}
