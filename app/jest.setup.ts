/** Test setup: the in-memory AsyncStorage and NetInfo mocks their packages ship, mockSecure-store in memory. */
import mockAsyncStorage from "@react-native-async-storage/async-storage/jest/async-storage-mock";
import mockNetInfo from "@react-native-community/netinfo/jest/netinfo-mock";

jest.mock("@react-native-async-storage/async-storage", () => mockAsyncStorage);
jest.mock("@react-native-community/netinfo", () => mockNetInfo);

const mockSecure = new Map<string, string>();
jest.mock("expo-secure-store", () => ({
  getItemAsync: jest.fn(async (k: string) => mockSecure.get(k) ?? null),
  setItemAsync: jest.fn(async (k: string, v: string) => void mockSecure.set(k, v)),
  deleteItemAsync: jest.fn(async (k: string) => void mockSecure.delete(k)),
}));

beforeEach(() => {
  mockSecure.clear();
});
