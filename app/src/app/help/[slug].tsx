export { ArticleScreen as default } from "@/features/help/article-screen";
