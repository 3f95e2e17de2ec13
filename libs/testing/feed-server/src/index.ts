export {
  startFeedServer,
  type FailOptions,
  type FeedFailure,
  type FeedFileOptions,
  type FeedServer,
  type RecordedRequest,
} from './lib/feed-server';
