export { up, down, status, allHealthy, logFile } from './stack';
export {
  loadSettings,
  engineUrls,
  engineUrlsFor,
  kafkaClusterBrokers,
  kafkaClusterNode,
  KAFKA_CLUSTER_SIZE,
  type StackSettings,
} from './settings';
export { StackError } from './errors';
export { freePort, freePortBase } from './ports';
export { ReplicatedSite, APPS, SERVICES, type AppName, type Replica, type ReplicatedSiteOptions } from './replicated';
