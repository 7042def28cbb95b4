/**
 * Autonomous systems of data centres and clouds (PRODUCT.md Fraud engine): a visit from one is challenged, as people
 * rarely browse from a server. Compiled by hand from the providers' published AS numbers and the data-centre entries of
 * the common public lists of hosting ASNs, as of the date below; consumer networks, mobile carriers and the CDN and VPN
 * networks people browse through (Cloudflare WARP, for one) are left out on purpose.
 *
 * Keeping it current: each quarter, check each provider's published ranges (AWS ip-ranges.json, Google Cloud's
 * cloud.json, Azure's service tags, Oracle's public IP ranges) for new AS numbers, add the data centres that the admin
 * console's top autonomous systems show among challenged visits, and move `compiled`.
 */
export const hostingAsnsSource = {
  compiled: "2026-11-25",
  from: "the providers' published AS numbers and public lists of data-centre ASNs",
} as const;

export const hostingAsns: ReadonlyMap<number, string> = new Map([
  [16509, "Amazon Web Services"],
  [14618, "Amazon Web Services"],
  [8987, "Amazon Web Services (Ireland)"],
  [15169, "Google"],
  [396982, "Google Cloud"],
  [8075, "Microsoft Azure"],
  [8068, "Microsoft"],
  [31898, "Oracle Cloud"],
  [14061, "DigitalOcean"],
  [62567, "DigitalOcean"],
  [63949, "Akamai Connected Cloud (Linode)"],
  [20473, "Vultr (Choopa)"],
  [16276, "OVHcloud"],
  [24940, "Hetzner Online"],
  [213230, "Hetzner Cloud"],
  [12876, "Scaleway"],
  [51167, "Contabo"],
  [45102, "Alibaba Cloud"],
  [37963, "Alibaba Cloud (China)"],
  [132203, "Tencent Cloud"],
  [45090, "Tencent Cloud (China)"],
  [60781, "Leaseweb Netherlands"],
  [16265, "Leaseweb"],
  [30633, "Leaseweb USA"],
  [9009, "M247"],
  [8560, "IONOS"],
  [47583, "Hostinger"],
  [26496, "GoDaddy"],
  [19994, "Rackspace"],
  [36351, "IBM Cloud (SoftLayer)"],
  [60068, "Datacamp"],
  [36352, "ColoCrossing"],
  [53667, "FranTech (BuyVM)"],
  [46844, "Sharktech"],
  [8100, "QuadraNet"],
  [7979, "Servers.com"],
  [29802, "Hivelocity"],
  [40676, "Psychz Networks"],
  [21859, "Zenlayer"],
  [199524, "G-Core Labs"],
  [55286, "B2 Net Solutions (ServerMania)"],
  [25820, "IT7 Networks"],
]);
