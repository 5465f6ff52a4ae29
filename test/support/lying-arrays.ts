/** Arrays that are not what they say: a Proxy counting (and capping) its index reads, and huge sparse arrays. */

/** An array Proxy that counts index reads (get, has, descriptor) and refuses to go past `limit` of them. */
export function countingArray(target: unknown[], limit = 16): { array: unknown[]; touches: () => number } {
  let touches = 0;
  const touch = (key: string | symbol) => {
    if (typeof key === 'string' && /^\d+$/.test(key) && ++touches > limit) throw new Error(`walked to index ${key}`);
  };
  const array = new Proxy(target, {
    get: (t, key, receiver) => (touch(key), Reflect.get(t, key, receiver) as unknown),
    has: (t, key) => (touch(key), Reflect.has(t, key)),
    getOwnPropertyDescriptor: (t, key) => (touch(key), Reflect.getOwnPropertyDescriptor(t, key)),
  });
  return { array, touches: () => touches };
}

export function sparse(length: number, entries: unknown[] = []): unknown[] {
  const array: unknown[] = [...entries];
  array.length = length;
  return array;
}
