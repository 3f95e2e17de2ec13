import { assignCluster } from './cluster';

describe('assignCluster', () => {
  const candidates = [
    { clusterId: 'p-xm5', offer: { title: 'Sony WH-1000XM5 Wireless Headphones Black', brand: 'Sony', priceCents: 34900 } },
    { clusterId: 'p-xm5', offer: { title: 'SONY WH1000XM5 noise cancelling headphones', brand: 'Sony', priceCents: 32900 } },
    { clusterId: 'p-xm4', offer: { title: 'Sony WH-1000XM4 Wireless Headphones Black', brand: 'Sony', priceCents: 24800 } },
    { clusterId: 'p-qc45', offer: { title: 'Bose QuietComfort 45 headphones', brand: 'Bose', priceCents: 27900 } },
  ];

  it('joins the cluster of the same product', () => {
    const r = assignCluster({ title: 'Sony WH-1000XM5/B Over-Ear Headphones', brand: 'Sony', priceCents: 33900 }, candidates);
    expect(r.clusterId).toBe('p-xm5');
    expect(r.ranked[0]?.members).toBe(2);
    expect(r.ranked.map((c) => c.clusterId)).toContain('p-xm4');
  });

  it('starts a new cluster when nothing is close enough', () => {
    const r = assignCluster({ title: 'Apple AirPods Pro 2nd generation', brand: 'Apple', priceCents: 19900 }, candidates);
    expect(r.clusterId).toBeNull();
    expect(r.ranked).toHaveLength(3);
  });

  it('lets an equal GTIN decide', () => {
    const withGtin = [...candidates, { clusterId: 'p-gtin', offer: { title: 'Listing', gtin: '4006381333931' } }];
    const r = assignCluster({ title: 'Sony WH-1000XM5 Wireless Headphones', gtin: '4006381333931' }, withGtin);
    expect(r.clusterId).toBe('p-gtin');
  });

  it('honours an explicit threshold', () => {
    const offer = { title: 'Sony WH-1000XM5/B Over-Ear Headphones', brand: 'Sony', priceCents: 33900 };
    expect(assignCluster(offer, candidates, { threshold: 1 }).clusterId).toBeNull();
  });

  it('handles no candidates and names bad input', () => {
    expect(assignCluster({ title: 'x' }, []).clusterId).toBeNull();
    expect(() => assignCluster({ title: 'x' }, [{ clusterId: '', offer: { title: 'y' } }])).toThrow('candidates[0].clusterId');
    expect(() => assignCluster({ title: 'x' }, [], { threshold: 2 })).toThrow('threshold');
  });
});
