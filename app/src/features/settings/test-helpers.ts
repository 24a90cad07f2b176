/** Shared setup of the settings tests: the route's slug, expo-router's header stubbed, a clean outbox. */
import AsyncStorage from "@react-native-async-storage/async-storage";
import { onlineManager } from "@tanstack/react-query";
import { resetOutboxForTests } from "./outbox";

export const route = { slug: "profile" };

export async function resetSettingsTestState(): Promise<void> {
  resetOutboxForTests();
  await AsyncStorage.clear();
  onlineManager.setOnline(true);
}
