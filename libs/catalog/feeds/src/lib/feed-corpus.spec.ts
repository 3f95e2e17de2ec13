import { readFeedCorpus, scoreFeeds } from '../testing';

describe('the sample-feed corpus', () => {
  it('turns every row with a title, link and price into an offer that reads what the feed says', async () => {
    const scores = await scoreFeeds();
    expect(scores).toHaveLength(readFeedCorpus().length);
    for (const score of scores) {
      expect({ file: score.file, lost: score.lost }).toEqual({ file: score.file, lost: [] });
      expect(score.offers).toBe(score.expected);
    }
  });
});
