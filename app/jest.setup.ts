/** Test setup: the in-memory AsyncStorage and NetInfo mocks their packages ship, mockSecure-store in memory, and a
 * phone set to English (Canada) for expo-localization (a test changes `mockDeviceLanguages`). */
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

const mockDeviceLanguages = { tags: ["en-CA"] };
(globalThis as { mockDeviceLanguages?: typeof mockDeviceLanguages }).mockDeviceLanguages = mockDeviceLanguages;
jest.mock("expo-localization", () => ({
  getLocales: jest.fn(() => mockDeviceLanguages.tags.map((languageTag) => ({ languageTag, languageCode: languageTag.split("-")[0] }))),
}));

beforeEach(() => {
  mockDeviceLanguages.tags = ["en-CA"];
  mockSecure.clear();
});
