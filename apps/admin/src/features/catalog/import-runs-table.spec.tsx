import { runRetailers } from './import-runs-table';

describe('runRetailers', () => {
  it('names the one retailer of a run imported for it', () => {
    expect(runRetailers({ retailerId: 'ebay', retailerIds: ['ebay'] })).toBe('ebay');
  });

  it('names the retailers of each row’s link, the first two and how many more past three', () => {
    expect(runRetailers({ retailerId: null, retailerIds: ['amazon', 'bestbuy'] })).toBe('amazon, bestbuy');
    expect(runRetailers({ retailerId: null, retailerIds: ['amazon', 'bestbuy', 'costco'] })).toBe('amazon, bestbuy, costco');
    expect(runRetailers({ retailerId: null, retailerIds: ['amazon', 'apple', 'bestbuy', 'costco', 'ebay'] })).toBe('amazon, apple +3 more');
  });

  it('says the rows name their retailers when the run has not listed them', () => {
    expect(runRetailers({ retailerId: null, retailerIds: [] })).toBe('from each row');
  });
});
