import { describe, expect, expectTypeOf, it } from 'vitest';
import { bindFirst } from './bind';

interface Ctx { base: number }
const add = (ctx: Ctx, n: number) => ctx.base + n;
const label = async (ctx: Pick<Ctx, 'base'>, name: string, suffix?: string) => `${name}:${ctx.base}${suffix ?? ''}`;

describe('bindFirst', () => {
  it('gives each function its first argument and passes the rest through', async () => {
    const service = bindFirst({ base: 40 }, { add, label });
    expect(service.add(2)).toBe(42);
    expect(await service.label('lot', '!')).toBe('lot:40!');
    expect(await service.label('lot')).toBe('lot:40');
  });

  it('keeps the parameter and result types after the first', () => {
    const service = bindFirst({ base: 1 }, { add, label });
    expectTypeOf(service.add).toEqualTypeOf<(n: number) => number>();
    expectTypeOf(service.label).toEqualTypeOf<(name: string, suffix?: string) => Promise<string>>();
  });

  it('binds at build time: each app gets its own context', () => {
    const a = bindFirst({ base: 1 }, { add });
    const b = bindFirst({ base: 100 }, { add });
    expect([a.add(1), b.add(1)]).toEqual([2, 101]);
  });
});
