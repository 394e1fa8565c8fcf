/**
 * Regions the policy can name below the country: the US states and DC, by the English name the
 * IP database gives (DB-IP's `state1`) and by ISO 3166-2 code.
 */
export const US_STATES: Readonly<Record<string, string>> = {
  Alabama: 'AL',
  Alaska: 'AK',
  Arizona: 'AZ',
  Arkansas: 'AR',
  California: 'CA',
  Colorado: 'CO',
  Connecticut: 'CT',
  Delaware: 'DE',
  'District of Columbia': 'DC',
  Florida: 'FL',
  Georgia: 'GA',
  Hawaii: 'HI',
  Idaho: 'ID',
  Illinois: 'IL',
  Indiana: 'IN',
  Iowa: 'IA',
  Kansas: 'KS',
  Kentucky: 'KY',
  Louisiana: 'LA',
  Maine: 'ME',
  Maryland: 'MD',
  Massachusetts: 'MA',
  Michigan: 'MI',
  Minnesota: 'MN',
  Mississippi: 'MS',
  Missouri: 'MO',
  Montana: 'MT',
  Nebraska: 'NE',
  Nevada: 'NV',
  'New Hampshire': 'NH',
  'New Jersey': 'NJ',
  'New Mexico': 'NM',
  'New York': 'NY',
  'North Carolina': 'NC',
  'North Dakota': 'ND',
  Ohio: 'OH',
  Oklahoma: 'OK',
  Oregon: 'OR',
  Pennsylvania: 'PA',
  'Rhode Island': 'RI',
  'South Carolina': 'SC',
  'South Dakota': 'SD',
  Tennessee: 'TN',
  Texas: 'TX',
  Utah: 'UT',
  Vermont: 'VT',
  Virginia: 'VA',
  Washington: 'WA',
  'West Virginia': 'WV',
  Wisconsin: 'WI',
  Wyoming: 'WY',
}

const US_STATE_NAMES: Readonly<Record<string, string>> = Object.fromEntries(Object.entries(US_STATES).map(([name, code]) => [`US-${code}`, name]))

/** 'Texas' → 'US-TX' (the IP database's state name); undefined for a name it does not know. */
export function usRegionOf(stateName: string | undefined): string | undefined {
  const code = stateName ? US_STATES[stateName] : undefined
  return code && `US-${code}`
}

/** A region's name for people: 'US-TX' → 'Texas'; other codes as they are. */
export function regionName(region: string): string {
  return US_STATE_NAMES[region] ?? region
}
