import { AVAILABILITIES, CONDITIONS } from '@pricehunt/contracts';
import { offers, products } from './sqlite-schema';

// The schema writes the lists out (drizzle-kit reads it without the workspace's aliases): they must be the contracts'.
describe('the stored vocabularies', () => {
  it('are the contracts lists of availabilities and conditions', () => {
    expect(offers.availability.enumValues).toEqual([...AVAILABILITIES]);
    expect(offers.condition.enumValues).toEqual([...CONDITIONS]);
    expect(products.bestPriceCondition.enumValues).toEqual([...CONDITIONS]);
  });
});
