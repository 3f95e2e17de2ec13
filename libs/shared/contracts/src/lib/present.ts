/**
 * The value, checked to be there: throws naming `what` when it is null or undefined. For the places where the types
 * allow a missing value that the code's own logic rules out (an index within bounds, a row just written, a key just
 * set); a non-null assertion (`!`) would only silence the compiler and let a wrong assumption travel on as undefined.
 */
export function present<T>(value: T, what = 'a value'): NonNullable<T> {
  if (value === null || value === undefined) throw new Error(`Expected ${what}, found ${value === null ? 'null' : 'undefined'}`);
  return value;
}
