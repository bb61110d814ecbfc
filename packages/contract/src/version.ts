/** The API's version, shown in the OpenAPI document; kept equal to this package's version. */
export const API_VERSION = '0.1.0';
