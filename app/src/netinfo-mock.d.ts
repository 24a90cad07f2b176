// The jest mock NetInfo ships without types.
declare module "@react-native-community/netinfo/jest/netinfo-mock" {
  const mock: typeof import("@react-native-community/netinfo");
  export default mock;
}
